import { IgsnError } from './igsn-errors';

export const IGSN_METHODS = ['ICDP_classic', 'ICDP_2021', 'fixed_prefix'] as const;
export type IgsnMethod = (typeof IGSN_METHODS)[number];

/**
 * The app-config keys of the IGSN component with their defaults (part of the app config's
 * defaults). `igsn.program` and `igsn.expedition` are used when a record has no program or
 * expedition above it; `igsn.prefix` and `igsn.variable-part-length` serve `fixed_prefix`.
 */
export const IGSN_CONFIG_DEFAULTS = {
  'igsn.method': 'ICDP_classic',
  'igsn.program': 'ICDP',
  'igsn.expedition': '5063',
  /** ICDP_classic: always the repository letter; ICDP_2021: `E` or `R`. */
  'igsn.repository': 'E',
  'igsn.prefix': '',
  'igsn.variable-part-length': 5,
  /** Off: IGSNs are generated but not registered (no duplicate check, no lookup, no fixed_prefix). */
  'igsn.save-to-database': true,
} as const;

export interface IgsnSettings {
  method: IgsnMethod;
  program: string;
  expedition: string;
  repository: string;
  prefix: string;
  variablePartLength: number;
  saveToDatabase: boolean;
}

function text(config: Readonly<Record<string, unknown>>, key: keyof typeof IGSN_CONFIG_DEFAULTS): string {
  const value = config[key] ?? IGSN_CONFIG_DEFAULTS[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

function isMethod(value: string): value is IgsnMethod {
  return (IGSN_METHODS as readonly string[]).includes(value);
}

/** The IGSN settings from app-config entries (missing keys take their defaults); a bad value → ALGORITHM_ERROR. */
export function igsnSettings(config: Readonly<Record<string, unknown>>): IgsnSettings {
  const method = text(config, 'igsn.method');
  if (!isMethod(method)) {
    throw new IgsnError('ALGORITHM_ERROR', `unknown method "${method}" (igsn.method: ${IGSN_METHODS.join(', ')}).`);
  }
  const length = Number(text(config, 'igsn.variable-part-length'));
  if (!Number.isInteger(length) || length < 1 || length > 20) {
    throw new IgsnError('ALGORITHM_ERROR', 'igsn.variable-part-length must be a whole number from 1 to 20.');
  }
  const save = config['igsn.save-to-database'] ?? IGSN_CONFIG_DEFAULTS['igsn.save-to-database'];
  return {
    method,
    program: text(config, 'igsn.program'),
    expedition: text(config, 'igsn.expedition'),
    repository: text(config, 'igsn.repository').toUpperCase(),
    prefix: text(config, 'igsn.prefix').toUpperCase(),
    variablePartLength: length,
    saveToDatabase: save !== false && save !== 0 && save !== 'false',
  };
}
