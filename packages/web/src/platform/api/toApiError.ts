import {
  errorCodeOfStatus,
  MYSQL_ROW_IS_REFERENCED,
  STATUS_MESSAGES,
  isErrorCode,
  serverSideErrorMessage,
  type ErrorCode,
  type ErrorExtensions,
  type FieldError,
} from '@mdis/shared';
import { ApiError } from './ApiError';

type Body = Record<string, unknown>;

function isBody(data: unknown): data is Body {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

function bodyMessage(data: unknown): string | undefined {
  if (isBody(data) && typeof data.message === 'string' && data.message) return data.message;
  return undefined;
}

function dataText(data: unknown): string {
  if (typeof data === 'string') return data;
  return bodyMessage(data) ?? (data === undefined || data === null ? '' : JSON.stringify(data));
}

function toFieldErrors(data: unknown): FieldError[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((item: unknown) =>
    isBody(item) && typeof item.message === 'string'
      ? [
          {
            field: typeof item.field === 'string' ? item.field : '',
            message: item.message,
            // The recovery dialog reacts to the kind (still_valid, not_found, is_ldap).
            ...(typeof item.kind === 'string' ? { kind: item.kind } : {}),
          },
        ]
      : [],
  );
}

function errorInfoOf(data: unknown): ErrorExtensions['errorInfo'] {
  if (!isBody(data) || !Array.isArray(data.errorInfo)) return undefined;
  const [state, code, text] = data.errorInfo as unknown[];
  return [typeof state === 'string' ? state : '', Number(code), typeof text === 'string' ? text : ''];
}

function codeOf(status: number, data: unknown): ErrorCode {
  if (isBody(data) && isErrorCode(data.code)) return data.code;
  return errorCodeOfStatus(status);
}

function serverErrorMessage(data: unknown): string {
  if (errorInfoOf(data)?.[1] === MYSQL_ROW_IS_REFERENCED) return STATUS_MESSAGES.constraintViolation;
  if (typeof data === 'string' && data) return data;
  return bodyMessage(data) ?? STATUS_MESSAGES.internal;
}

/**
 * Turns an error answer into an ApiError carrying the message the original client shows for its
 * status (401 'Please login', 403 'Not allowed. …', 404 'The requested resource was not found', 409
 * the server's message, …; spec 1 §8). 422 keeps the field list for the forms; the rest keep the
 * server's code.
 */
export function toApiError(status: number, data: unknown): ApiError {
  const code = codeOf(status, data);
  const errorInfo = errorInfoOf(data);
  const extensions: ErrorExtensions = errorInfo ? { errorInfo } : {};
  if (status === 401) return new ApiError(code, STATUS_MESSAGES.unauthorized, status);
  if (status === 403) return new ApiError(code, STATUS_MESSAGES.forbidden, status);
  if (status === 404) return new ApiError(code, STATUS_MESSAGES.notFound, status);
  if (status === 422) {
    const fields = toFieldErrors(data);
    const message = fields.map((f) => f.message).join(' ') || bodyMessage(data) || 'Validation failed.';
    return new ApiError(code, message, status, { fields });
  }
  if (status === 500) return new ApiError(code, serverErrorMessage(data), status, extensions);
  if (status > 500) return new ApiError(code, serverSideErrorMessage(status, dataText(data)), status, extensions);
  return new ApiError(code, bodyMessage(data) ?? (dataText(data) || `Request failed with status ${status}`), status);
}

/** No answer at all (offline, server down, CORS): the network message. */
export function networkError(): ApiError {
  return new ApiError('INTERNAL', STATUS_MESSAGES.network, 0);
}
