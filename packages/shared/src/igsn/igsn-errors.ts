/** The error codes of the original's IGSN component (reference §2.6), by name. */
export const IGSN_ERROR_CODES = {
  DUPLICATE_IGSN: 1,
  IGSN_CHANGED: 2,
  DATATABLE_MISSING: 20,
  SAVE_DISABLED: 21,
  ALGORITHM_ERROR: 22,
  NOT_VALID: 23,
} as const;

export type IgsnErrorReason = keyof typeof IGSN_ERROR_CODES;

/** The message of each reason; `subject` is the IGSN concerned (or, for ALGORITHM_ERROR, what went wrong). */
export const IGSN_ERROR_MESSAGES: Readonly<Record<IgsnErrorReason, (subject: string) => string>> = {
  DUPLICATE_IGSN: (igsn) => `The IGSN ${igsn} has already been issued for another record.`,
  IGSN_CHANGED: (igsn) => `The IGSN ${igsn} has already been issued for this record and cannot be changed.`,
  DATATABLE_MISSING: () => 'The table of issued IGSNs is missing.',
  SAVE_DISABLED: () => 'IGSNs cannot be issued while saving issued IGSNs is disabled (igsn.save-to-database).',
  ALGORITHM_ERROR: (problem) => `The IGSN could not be generated: ${problem}`,
  NOT_VALID: (igsn) =>
    `"${igsn}" is not a valid IGSN: use 2 to 64 letters, digits, '.', '-' or '_', starting with a letter or digit.`,
};

/**
 * A refused IGSN: `reason` names the original's error, `code` is its number, the message says
 * what to do. The server answers it as a 422 on the `igsn` field.
 * @example throw new IgsnError('DUPLICATE_IGSN', 'ICDP5065EC10001')
 */
export class IgsnError extends Error {
  readonly reason: IgsnErrorReason;

  constructor(reason: IgsnErrorReason, subject = '') {
    super(IGSN_ERROR_MESSAGES[reason](subject));
    this.name = 'IgsnError';
    this.reason = reason;
  }

  get code(): number {
    return IGSN_ERROR_CODES[this.reason];
  }
}
