import { IgsnError } from './igsn-errors';

/** The longest IGSN the registry stores. */
export const IGSN_MAX_LENGTH = 64;

// Letters, digits and the separators IGSNs use in practice; no '/' or spaces, so that an IGSN
// stays one path segment of `app/find-igsn/{igsn}` and one token for a barcode scanner.
const IGSN_PATTERN = /^[A-Z0-9][A-Z0-9._-]+$/;

/** An IGSN as it is stored and compared: trimmed and upper case (IGSNs are case-insensitive). */
export function normalizeIgsn(value: string): string {
  return value.trim().toUpperCase();
}

/** Whether an (entered) IGSN is acceptable, after normalisation. */
export function isValidIgsn(value: string): boolean {
  const igsn = normalizeIgsn(value);
  return igsn.length <= IGSN_MAX_LENGTH && IGSN_PATTERN.test(igsn);
}

/** The normalised IGSN, or NOT_VALID. */
export function validateIgsn(value: string): string {
  if (!isValidIgsn(value)) throw new IgsnError('NOT_VALID', value.trim());
  return normalizeIgsn(value);
}
