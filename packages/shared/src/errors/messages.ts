/**
 * The client's status → message catalogue (spec 1 §8, spec 2 §8). Reproduced exactly.
 */
export const STATUS_MESSAGES = {
  unauthorized: 'Please login',
  forbidden: 'Not allowed. You do not have the required permissions.',
  notFound: 'The requested resource was not found',
  constraintViolation: 'Constraint violation - record has related data',
  internal: 'Internal server error.',
  network: 'Network Error: the server could not be reached. Please check your connection.',
} as const;

/** MySQL's "row is referenced" code, which the original sends in errorInfo[1] on a 500. */
export const MYSQL_ROW_IS_REFERENCED = 1451;

/** `Server-side error + {status}: {data}` for statuses above 500. */
export function serverSideErrorMessage(status: number, data: string): string {
  return `Server-side error + ${status}: ${data}`;
}

export const REQUIRED_MESSAGE = 'This is required';
