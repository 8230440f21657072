import { z } from 'zod';
import type { FieldError } from '../errors/app-error';
import { IGSN_METHODS } from '../igsn/igsn-config';

/** The messages of the application settings (the `/settings/application` screen and `POST app/config`). */
export const APP_SETTINGS_MESSAGES = {
  required: (label: string) => `${label} cannot be empty`,
  tooLong: (label: string, max: number) => `${label} must be at most ${String(max)} characters`,
  link: 'Enter a web address starting with http:// or https://',
  image: 'Enter an image address (http:// or https://), an image file name, or pick an image file',
  imageTooLarge: 'The image is too large: pick one of at most 512 KB',
  tilesUrl: 'Enter the tiles address starting with http:// or https://, without a trailing slash',
  flag: 'Must be on or off',
  username: 'A username holds letters, digits and . _ @ - only',
  igsnMethod: `The IGSN method must be one of ${IGSN_METHODS.join(', ')}`,
  igsnPrefix: 'The prefix starts with a letter or digit and holds only letters, digits, ".", "_" and "-"',
  igsnPrefixRequired: 'The fixed_prefix method needs a prefix',
  defaultUserUnknown: (username: string) => `There is no user named '${username}'`,
} as const;

const M = APP_SETTINGS_MESSAGES;
const MAX_IMAGE_CHARS = Math.ceil((512 * 1024 * 4) / 3) + 64;

const text = (label: string, max: number, required = false) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong(label, max))
    .refine((value) => !required || value !== '', M.required(label));
const link = z
  .string()
  .trim()
  .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), M.link);
const image = z
  .string()
  .trim()
  .max(MAX_IMAGE_CHARS, M.imageTooLarge)
  .refine(
    (value) =>
      value === '' ||
      /^https?:\/\/\S+$/i.test(value) ||
      /^data:image\/[a-z0-9+.-]+;base64,[A-Za-z0-9+/=]+$/i.test(value) ||
      /^[\w./-]+\.(svg|png|jpe?g|gif|webp)$/i.test(value),
    M.image,
  );
const flag = z.boolean({ error: M.flag });

/**
 * The rule of each key the settings screen edits. A key's value may also be null (restores the
 * default); keys not listed here are stored as given.
 */
export const APP_SETTING_RULES = {
  AppName: text('App name', 100, true),
  AppShortName: text('Short name', 20, true),
  ShowAppShortName: flag,
  AppIcon: image,
  SecondAppIcon: image,
  SecondAppIconUrl: link,
  CopyrightText: text('Copyright text', 200),
  CopyrightLink: link,
  AboutLink: link,
  useDefaultUser: z
    .string()
    .trim()
    .refine((value) => /^[\w.@-]*$/.test(value), M.username),
  useFacetSearch: flag,
  MapTilesBaseUrl: z
    .string()
    .trim()
    .refine((value) => value === '' || (/^https?:\/\/\S+$/i.test(value) && !value.endsWith('/')), M.tilesUrl),
  'igsn.method': z.enum(IGSN_METHODS, { error: M.igsnMethod }),
  'igsn.prefix': z
    .string()
    .trim()
    .max(20, M.tooLong('The prefix', 20))
    .refine((value) => /^([A-Za-z0-9][A-Za-z0-9._-]*)?$/.test(value), M.igsnPrefix),
} as const satisfies Record<string, z.ZodType>;

export type AppSettingKey = keyof typeof APP_SETTING_RULES;
export const APP_SETTING_KEYS = Object.keys(APP_SETTING_RULES) as AppSettingKey[];

function isSettingKey(key: string): key is AppSettingKey {
  return Object.hasOwn(APP_SETTING_RULES, key);
}

/**
 * The field errors of a settings change (`[{ field, message }]`, empty when valid). `current` is the
 * config the change applies to, for the rules that join two keys (fixed_prefix needs a prefix).
 */
export function validateAppSettings(
  changes: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>> = {},
): FieldError[] {
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (!isSettingKey(key) || value === null) continue;
    const result = APP_SETTING_RULES[key].safeParse(value);
    if (!result.success) errors.push({ field: key, message: result.error.issues[0]?.message ?? M.flag });
  }
  const after = { ...current, ...changes };
  const prefix = typeof after['igsn.prefix'] === 'string' ? after['igsn.prefix'].trim() : '';
  const touchesIgsn = 'igsn.method' in changes || 'igsn.prefix' in changes;
  if (
    touchesIgsn &&
    after['igsn.method'] === 'fixed_prefix' &&
    prefix === '' &&
    !errors.some((e) => e.field === 'igsn.prefix')
  ) {
    errors.push({ field: 'igsn.prefix', message: M.igsnPrefixRequired });
  }
  return errors;
}
