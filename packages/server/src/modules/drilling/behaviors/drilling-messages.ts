/** The drilling behaviors' messages, worded exactly as the original's (reference §7). */
export const DRILLING_MESSAGES = {
  /** 422 on `type`: a section's first split is its whole round. */
  firstSplitWholeRound: "First section split must be of a type 'WR'",
  /** 422 on `origin_split_id`: a later split must come from a split of the same section. */
  originTypeMissing: 'This section has no split of the origin type.',
  /** 409: Σ section lengths / core recovery above maxRelativeLength. */
  sectionsTooLong: 'The total length of the registered sections is too long.',
  /** 409: on the last section, Σ section lengths / core recovery below minRelativeLength. */
  sectionsTooShort: 'The total length of the registered sections is too short.',
  /** 409: a core without recovery has nothing to section. */
  noCoreRecovery: "The core recovery is 0. You can't register sections.",
  /** Template manager checks. */
  onlyCoreSection: 'This behavior can only be added to CoreSection',
  minRelativeLength: 'minRelativeLength has to be a ratio between 0.80 and 1.00.',
  maxRelativeLength: 'maxRelativeLength has to be a ratio between 1.00 and 1.20.',
} as const;
