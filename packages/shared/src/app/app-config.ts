import { IGSN_CONFIG_DEFAULTS } from '../igsn/igsn-config';

/**
 * Application configuration: the original's keys (AppName, AppShortName, ShowAppShortName,
 * CopyrightText, CopyrightLink, AboutLink, CanSendEmails, UseOAuth2, AppIcon, SecondAppIcon,
 * SecondAppIconUrl, useDefaultUser, useFacetSearch, useCustomScss, customScssFilePrefix; spec 2 §3)
 * with their default texts (spec 2 §1), and
 * the rule for keys that may be stored.
 */
export const DEFAULT_APP_CONFIG = {
  AppName: 'Drilling Information System',
  AppShortName: 'mDIS',
  ShowAppShortName: true,
  CopyrightText: 'ICDP 2021',
  CopyrightLink: 'https://www.icdp-online.org/',
  AboutLink: 'https://www.icdp-online.org/about-icdp/',
  CanSendEmails: false,
  UseOAuth2: false,
  /** Empty: the bundled logo. Otherwise a URL or data URL. */
  AppIcon: '',
  SecondAppIcon: '',
  SecondAppIconUrl: '',
  /** Username of the read-only default user signed in automatically; empty: none. */
  useDefaultUser: '',
  useFacetSearch: false,
  useCustomScss: false,
  customScssFilePrefix: 'custom',
  /** Empty: the built-in User Management page; otherwise an external page opened instead. */
  UserManagementUrl: '',
  /** Help links are this base plus a relative page name. */
  HelpBaseUrl: 'https://www.icdp-online.org/mdis-help/',
  /** The map widgets' tiles (`{z}/{x}/{y}.png` is appended) unless a widget names its own; empty: none. */
  MapTilesBaseUrl: 'https://tile.openstreetmap.org',
  ...IGSN_CONFIG_DEFAULTS,
} as const;

export type AppConfigKey = keyof typeof DEFAULT_APP_CONFIG;

/**
 * What the public `GET app/config` answers, to anyone signed in or not: the original's keys of
 * {@link DEFAULT_APP_CONFIG} (spec 2 §3) and
 * the shell's own two links. Whatever else is stored (the IGSN settings, a developer's own keys)
 * is no business of an anonymous caller: signed-in users read it through their user config.
 */
export const PUBLIC_APP_CONFIG_KEYS = [
  'AppName',
  'AppShortName',
  'ShowAppShortName',
  'CopyrightText',
  'CopyrightLink',
  'AboutLink',
  'CanSendEmails',
  'UseOAuth2',
  'AppIcon',
  'SecondAppIcon',
  'SecondAppIconUrl',
  'useDefaultUser',
  'useFacetSearch',
  'useCustomScss',
  'customScssFilePrefix',
  'UserManagementUrl',
  'HelpBaseUrl',
  'MapTilesBaseUrl',
] as const satisfies readonly AppConfigKey[];

export function isPublicConfigKey(key: string): boolean {
  return (PUBLIC_APP_CONFIG_KEYS as readonly string[]).includes(key);
}
export type AppConfigValue = string | number | boolean | null | AppConfigValue[] | { [key: string]: AppConfigValue };
export type AppConfig = Record<string, AppConfigValue>;

/** The original's key rule: lower-case words joined by '.' or '-'. */
export const CONFIG_KEY_PATTERN = /^[a-z]+([.-]+[a-z]+)*$/;

/** A storable key: the original's pattern, or one of the named camel-case keys. */
export function isValidConfigKey(key: string): boolean {
  return CONFIG_KEY_PATTERN.test(key) || Object.hasOwn(DEFAULT_APP_CONFIG, key);
}

/** The original's message for a refused key (a 400). */
export function invalidConfigKeyMessage(key: string): string {
  return `'${key}' is not a valid config key`;
}

/** The user-config key under which favourite forms are kept. */
export const FAVORITE_FORMS_KEY = 'favorite-forms';

/** The user-config key under which `POST app/set-facet-values` keeps the facet search. */
export const FACET_SEARCH_KEY = 'facetSearch';

/** What a user's config holds before the user stores anything (read after the app config). */
export const DEFAULT_USER_CONFIG: AppConfig = { [FAVORITE_FORMS_KEY]: [] };

/** A key a user may store in its own config: any valid app-config key, or the facet search. */
export function isValidUserConfigKey(key: string): boolean {
  return isValidConfigKey(key) || key === FACET_SEARCH_KEY;
}
