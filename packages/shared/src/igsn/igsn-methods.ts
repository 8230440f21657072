import type { IgsnSettings } from './igsn-config';
import { IgsnError } from './igsn-errors';
import { IGSN_MAX_LENGTH } from './igsn-value';

/** ICDP_classic IGSNs are at most this long (program 4 + expedition 4 + 1 + tag + number 5-6). */
export const ICDP_CLASSIC_MAX_LENGTH = 16;

const NUMBER_LENGTH = 5;
const NUMBER_OFFSET = 36 ** 4;

/** What an IGSN is made of: the record's id and tag, and the codes of the records above it. */
export interface IgsnParts {
  tag: string;
  id: number;
  /** Program acronym (falls back to the configured default when the record has no program). */
  program?: string | undefined;
  /** Expedition code (falls back to the configured default). */
  expedition?: string | undefined;
  /** ICDP_2021 only. */
  site?: string | undefined;
  hole?: string | undefined;
  /** fixed_prefix only: the highest IGSN issued so far with the prefix. */
  lastIssued?: string | undefined;
}

/**
 * The number part of the ICDP methods: base 36 of (id + 36⁴), upper case, reversed, so that
 * consecutive ids differ in the first character (easier to read apart on labels).
 * @example igsnNumber(1) // '10001'; igsnNumber(37) // '11001'
 */
export function igsnNumber(id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new IgsnError('ALGORITHM_ERROR', `invalid record id ${String(id)}.`);
  const digits = (id + NUMBER_OFFSET).toString(36).toUpperCase();
  return digits.split('').reverse().join('').padEnd(NUMBER_LENGTH, '0');
}

function code(value: string | undefined, fallback: string, what: string): string {
  const chosen = (value ?? '').trim() || fallback.trim();
  const upper = chosen.toUpperCase();
  if (!/^[A-Z0-9]+$/.test(upper))
    throw new IgsnError('ALGORITHM_ERROR', `the ${what} "${chosen}" is not alphanumeric.`);
  return upper;
}

/** The parts an ICDP method's head is made of: all but the record's own number. */
type HeadParts = Omit<IgsnParts, 'id' | 'lastIssued'>;

function tagOf(parts: HeadParts): string {
  if (!/^[A-Z]$/.test(parts.tag))
    throw new IgsnError('ALGORITHM_ERROR', `the object tag "${parts.tag}" is not a letter.`);
  return parts.tag;
}

function checked(igsn: string, maxLength: number): string {
  if (igsn.length > maxLength) {
    throw new IgsnError('ALGORITHM_ERROR', `${igsn} is longer than ${String(maxLength)} characters.`);
  }
  return igsn;
}

/**
 * ICDP_classic: program right-padded with '0' to 4 + expedition left-padded with '0' to 4 +
 * repository letter + tag + number.
 * @example icdpClassic(settings, { tag: 'C', id: 1, program: 'ICDP', expedition: '5065' }) // 'ICDP5065EC10001'
 */
export function icdpClassic(settings: IgsnSettings, parts: IgsnParts): string {
  return icdpIgsn('ICDP_classic', icdpClassicHead(settings, parts), parts.id);
}

/** What ICDP_classic puts before the number. */
function icdpClassicHead(settings: IgsnSettings, parts: HeadParts): string {
  const program = code(parts.program, settings.program, 'program acronym').padEnd(4, '0');
  const expedition = code(parts.expedition, settings.expedition, 'expedition code').padStart(4, '0');
  const repository = code(settings.repository, 'E', 'repository letter');
  return `${program}${expedition}${repository}${tagOf(parts)}`;
}

/** ICDP_2021: program (unpadded) + expedition (4) + E/R + site (2) + hole (1) + tag + number. */
export function icdp2021(settings: IgsnSettings, parts: IgsnParts): string {
  return icdpIgsn('ICDP_2021', icdp2021Head(settings, parts), parts.id);
}

/** What ICDP_2021 puts before the number. */
function icdp2021Head(settings: IgsnSettings, parts: HeadParts): string {
  const program = code(parts.program, settings.program, 'program acronym');
  const expedition = code(parts.expedition, settings.expedition, 'expedition code').padStart(4, '0');
  const repository = code(settings.repository, 'E', 'repository letter');
  if (repository !== 'E' && repository !== 'R') {
    throw new IgsnError('ALGORITHM_ERROR', `the repository letter must be E or R, not "${repository}".`);
  }
  const site = code(parts.site, '0', 'site').padStart(2, '0');
  const hole = code(parts.hole, '0', 'hole').padStart(1, '0');
  return `${program}${expedition}${repository}${site}${hole}${tagOf(parts)}`;
}

/** fixed_prefix: the prefix + the next number after the last issued one, zero-padded to variablePartLength. */
export function fixedPrefix(settings: IgsnSettings, parts: IgsnParts): string {
  // The sequence continues from the registry: without it, numbers would be issued twice.
  if (!settings.saveToDatabase) throw new IgsnError('SAVE_DISABLED');
  const prefix = settings.prefix;
  if (!/^[A-Z0-9][A-Z0-9._-]*$/.test(prefix)) {
    throw new IgsnError('ALGORITHM_ERROR', `the prefix "${prefix}" (igsn.prefix) must be letters and digits.`);
  }
  const last = parts.lastIssued?.toUpperCase();
  const lastNumber = last?.startsWith(prefix) ? Number(last.slice(prefix.length)) : 0;
  if (!Number.isSafeInteger(lastNumber)) {
    throw new IgsnError('ALGORITHM_ERROR', `the last issued IGSN ${last ?? ''} does not end in a number.`);
  }
  const next = String(lastNumber + 1).padStart(settings.variablePartLength, '0');
  if (next.length > settings.variablePartLength) {
    throw new IgsnError(
      'ALGORITHM_ERROR',
      `every ${String(settings.variablePartLength)}-digit number of ${prefix} is used.`,
    );
  }
  return checked(`${prefix}${next}`, IGSN_MAX_LENGTH);
}

const METHODS = { ICDP_classic: icdpClassic, ICDP_2021: icdp2021, fixed_prefix: fixedPrefix } as const;

/** The ICDP methods: what they put before the record's number, and how long their IGSNs may be. */
const ICDP_METHODS = {
  ICDP_classic: { head: icdpClassicHead, maxLength: ICDP_CLASSIC_MAX_LENGTH },
  ICDP_2021: { head: icdp2021Head, maxLength: IGSN_MAX_LENGTH },
} as const;

/** An ICDP IGSN: the method's head, then the record's number, within the method's length. */
function icdpIgsn(method: keyof typeof ICDP_METHODS, head: string, id: number): string {
  return checked(`${head}${igsnNumber(id)}`, ICDP_METHODS[method].maxLength);
}

/** A new IGSN by the configured method; what cannot be generated → IgsnError ALGORITHM_ERROR. */
export function generateIgsn(settings: IgsnSettings, parts: IgsnParts): string {
  return METHODS[settings.method](settings, parts);
}

/**
 * generateIgsn for the records that share these parts (an import's batch: the samples of one
 * split): the codes are checked and put together once, each record then adds only its number.
 * Gives what generateIgsn gives, the same IgsnError included (thrown for each record).
 */
export function igsnGenerator(settings: IgsnSettings, parts: HeadParts): (id: number, lastIssued?: string) => string {
  const { method } = settings;
  if (method === 'fixed_prefix') return (id, lastIssued) => fixedPrefix(settings, { ...parts, id, lastIssued });
  let head: string;
  try {
    head = ICDP_METHODS[method].head(settings, parts);
  } catch (error) {
    return () => {
      throw error;
    };
  }
  return (id) => icdpIgsn(method, head, id);
}
