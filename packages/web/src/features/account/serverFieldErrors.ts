import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError } from '../../platform/api/ApiError';

/**
 * Puts a 422's messages under the fields they name; answers what is left for the form's summary
 * (another error, or a message for a field the form does not have).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!isApiError(error) || error.status !== 422) return errorMessage(error);
  const rest: string[] = [];
  for (const { field, message } of error.fieldErrors) {
    const known = fields.find((name) => name === field);
    if (known) setError(known, { type: 'server', message });
    else rest.push(message);
  }
  return rest.length > 0 ? rest.join(' ') : null;
}
