/**
 * The object tags of reference §2.6: the letter an IGSN carries for the kind of object. A model
 * gets IGSNs when its `igsn` column's default value is one of these letters.
 */
export const IGSN_OBJECT_TAGS = {
  HOLE: 'H',
  CORE: 'C',
  SECTION: 'S',
  SAMPLE: 'X',
  BOTTLE: 'B',
  WATER: 'W',
  CUTTING: 'U',
  THINSECTION: 'T',
  SMEARSLIDE: 'Y',
  MUD: 'Y',
  SIDEWALL: 'Z',
  FLUIDGAS: 'F',
} as const;

export type IgsnObjectTag = (typeof IGSN_OBJECT_TAGS)[keyof typeof IGSN_OBJECT_TAGS];

const TAGS: ReadonlySet<string> = new Set(Object.values(IGSN_OBJECT_TAGS));

/** Whether a value is one of the object-tag letters (exactly, upper case). */
export function isIgsnObjectTag(value: unknown): value is IgsnObjectTag {
  return typeof value === 'string' && TAGS.has(value);
}

/**
 * Whether an `igsn` value asks for a generated IGSN: empty, or a single letter (the tag the
 * column's default put there). Anything longer is an explicitly entered IGSN.
 */
export function isIgsnPlaceholder(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return typeof value === 'string' && value.trim().length <= 1;
}
