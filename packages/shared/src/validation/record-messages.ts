import { INVALID_DATE } from './date-values';

/**
 * The record validation messages, word for word as spec 1 §5 gives them: the web panel shows them
 * as the user types and the server answers them in its 422, so both say the same thing.
 */
export const RECORD_MESSAGES = {
  required: (label: string) => `${label} is required`,
  stringMax: (label: string, max: number) => `${label} must be less than ${String(max)} characters`,
  number: (label: string) => `${label} must be a number`,
  min: (label: string, min: number) => `${label} must be >= ${String(min)}`,
  max: (label: string, max: number) => `${label} must be <= ${String(max)}`,
  // Spec 1 §5: any validator type other than required, string, number and unique is an error.
  unknownValidator: (label: string, type: string) => `${label}: unknown validator type "${type}"`,
  invalidDate: INVALID_DATE,
  // The checks that need the database (the server's): a reference that does not exist, a taken value.
  invalid: (label: string) => `${label} is invalid.`,
  taken: (label: string, value: unknown) => `${label} "${String(value)}" has already been taken.`,
  combinationTaken: (values: unknown[], labels: string[]) =>
    `The combination ${values.map((v) => `"${String(v)}"`).join('-')} of ${labels.join(' and ')} has already been taken.`,
} as const;
