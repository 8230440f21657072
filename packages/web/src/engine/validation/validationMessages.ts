import { INVALID_DATE } from '../fields/dateTimeFormat';

/** The client validation messages, exactly as spec 1 §5 words them (the server uses the same). */
export const VALIDATION_MESSAGES = {
  required: (label: string) => `${label} is required`,
  stringMax: (label: string, max: number) => `${label} must be less than ${String(max)} characters`,
  number: (label: string) => `${label} must be a number`,
  min: (label: string, min: number) => `${label} must be >= ${String(min)}`,
  max: (label: string, max: number) => `${label} must be <= ${String(max)}`,
  // Spec 1 §5: any validator type other than required, string, number and unique is an error.
  unknownValidator: (label: string, type: string) => `${label}: unknown validator type "${type}"`,
  invalidDate: INVALID_DATE,
} as const;
