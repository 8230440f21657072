import { isApiError } from '../../platform/api/ApiError';
import type { FieldError } from '../record-panel/types';

/**
 * The field errors of a failed save: the list a 422 carried (spec 1 §5), [] for any other failure,
 * which the caller shows as a warning instead.
 */
export function serverFieldErrors(error: unknown): FieldError[] {
  if (isApiError(error)) return error.status === 422 ? error.fieldErrors : [];
  if (!Array.isArray(error)) return [];
  return error.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { field, message } = item as Partial<Record<'field' | 'message', unknown>>;
    return typeof message === 'string' ? [{ field: typeof field === 'string' ? field : '', message }] : [];
  });
}

/** The field's server message, if the last save named it. */
export function serverErrorFor(errors: readonly FieldError[] | undefined, field: string): string | undefined {
  return errors?.find((error) => error.field === field)?.message;
}
