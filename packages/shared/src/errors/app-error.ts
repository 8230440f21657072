import { ERROR_CODES, type ErrorCode } from './error-codes';

/** One field's validation message, as the 422 answer lists them. */
export interface FieldError {
  field: string;
  message: string;
  /** A machine-readable reason where the client reacts to it (e.g. `not_found` of a recovery e-mail). */
  kind?: string;
}

/** Extra facts an error carries: the table/column a constraint named, the fields that failed. */
export interface ErrorExtensions {
  table?: string;
  column?: string;
  fields?: FieldError[];
  /** The original's `errorInfo` ([sqlstate, driver code, text]) where a database constraint caused it. */
  errorInfo?: [string, number, string];
}

/**
 * The one error class of mDIS, on the server and in the web client. Its code fixes the HTTP
 * status; the server's error handler turns it into the mDIS wire format.
 * @example throw new AppError('NOT_FOUND', 'User not found.')
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly extensions: ErrorExtensions;

  constructor(code: ErrorCode, message: string, extensions: ErrorExtensions = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.extensions = extensions;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}

/** A 422 listing field messages: `[{ field, message }]` on the wire. */
export function validationError(fields: FieldError[]): AppError {
  const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return new AppError('VALIDATION_FAILED', summary || 'Validation failed.', { fields });
}

/** The body of every non-422 error answer (mDIS/Yii shape). */
export interface ErrorBody {
  name: string;
  message: string;
  code: ErrorCode;
  status: number;
  errorInfo?: [string, number, string];
}

export function toErrorBody(error: AppError): ErrorBody {
  const body: ErrorBody = {
    name: ERROR_CODES[error.code].name,
    message: error.message,
    code: error.code,
    status: error.status,
  };
  if (error.extensions.errorInfo) body.errorInfo = error.extensions.errorInfo;
  return body;
}
