/**
 * Forms that have a specialised (hand-written) screen instead of the generic one. The forms
 * overview shows them with a green indicator; the others with a red one (spec 1 §2).
 */
export const SPECIALISED_FORMS: ReadonlySet<string> = new Set(['files']);
