import { AppError, type ErrorCode } from '@mdis/shared';

// Fastify's own client errors (bad JSON, too large, wrong content type...) carry a statusCode;
// this maps it onto our vocabulary so that the body has the mDIS shape.
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

interface ClientError {
  statusCode: number;
  message: string;
}

function isClientError(error: unknown): error is ClientError {
  const status = (error as Partial<ClientError> | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** A 4xx raised by Fastify or a plugin, as an AppError; null for anything else. */
export function fromClientError(error: unknown): AppError | null {
  if (!isClientError(error)) return null;
  const code = CODE_BY_STATUS[error.statusCode] ?? 'BAD_REQUEST';
  return new AppError(code, error.message);
}
