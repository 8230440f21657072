import type { FuzzRequest } from './fuzz-request';

export interface Known5xx {
  /** The branch whose merge fixes it. */
  branch: string;
  what: string;
  matches(request: FuzzRequest): boolean;
}

/**
 * 500s found by the attack on c5a8938 (issue 16 finding 7) that other branches are fixing right now.
 * The fuzz test does not fail on a 5xx that one of these matches; it counts them apart. The coordinator
 * EMPTIES THIS LIST once those branches are merged: from then on every such 5xx fails the test again.
 */
export const KNOWN_5XX_FIXED_ELSEWHERE: readonly Known5xx[] = [];

export function knownElsewhere(request: FuzzRequest): Known5xx | undefined {
  return KNOWN_5XX_FIXED_ELSEWHERE.find((known) => known.matches(request));
}

/** A rejected request (4xx) that still changed data, in another engineer's area: reported, not fixed here. */
export interface KnownChangeOnReject {
  area: string;
  what: string;
  matches(request: FuzzRequest): boolean;
}

/**
 * Found by this fuzzing in another area and not fixed yet; empty once fixed (none open: file/delete,
 * which deleted files before refusing a missing id, now checks every id first).
 */
export const KNOWN_CHANGES_ON_REJECT_ELSEWHERE: readonly KnownChangeOnReject[] = [];

export function knownChangeElsewhere(request: FuzzRequest): KnownChangeOnReject | undefined {
  return KNOWN_CHANGES_ON_REJECT_ELSEWHERE.find((known) => known.matches(request));
}
