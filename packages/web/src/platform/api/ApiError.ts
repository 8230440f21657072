import { AppError, type ErrorCode, type ErrorExtensions } from '@mdis/shared';

/**
 * An AppError as the browser sees it: it also remembers the HTTP status actually answered
 * (0 when no answer arrived), because statuses above 500 have no ErrorCode of their own.
 */
export class ApiError extends AppError {
  readonly httpStatus: number;

  constructor(code: ErrorCode, message: string, httpStatus: number, extensions: ErrorExtensions = {}) {
    super(code, message, extensions);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
  }

  override get status(): number {
    return this.httpStatus;
  }

  get isNetworkError(): boolean {
    return this.httpStatus === 0;
  }

  get fieldErrors() {
    return this.extensions.fields ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
