/** Every error the API can answer with, and the HTTP status and Yii-style name it carries. */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, name: 'Bad Request' },
  UNAUTHORIZED: { status: 401, name: 'Unauthorized' },
  FORBIDDEN: { status: 403, name: 'Forbidden' },
  NOT_FOUND: { status: 404, name: 'Not Found' },
  ROUTE_NOT_FOUND: { status: 404, name: 'Not Found' },
  METHOD_NOT_ALLOWED: { status: 405, name: 'Method Not Allowed' },
  CONFLICT: { status: 409, name: 'Conflict' },
  UNIQUE_VIOLATION: { status: 409, name: 'Conflict' },
  FOREIGN_KEY_VIOLATION: { status: 409, name: 'Conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, name: 'Payload Too Large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, name: 'Unsupported Media Type' },
  VALIDATION_FAILED: { status: 422, name: 'Unprocessable entity' },
  NOT_NULL_VIOLATION: { status: 422, name: 'Unprocessable entity' },
  RATE_LIMITED: { status: 429, name: 'Too Many Requests' },
  INTERNAL: { status: 500, name: 'Internal Server Error' },
  SERVICE_UNAVAILABLE: { status: 503, name: 'Service Unavailable' },
} as const satisfies Record<string, { status: number; name: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_CODES;
}

// The plain code of each status: what an answer that names no code (Fastify's own 4xx, a proxy's
// error page) is taken to mean, on the server and in the web client alike.
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  503: 'SERVICE_UNAVAILABLE',
};

/** The error code of an HTTP status; any other 5xx is INTERNAL, any other status BAD_REQUEST. */
export function errorCodeOfStatus(status: number): ErrorCode {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}
