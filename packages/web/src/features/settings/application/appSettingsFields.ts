import { IGSN_METHODS, type AppSettingKey } from '@mdis/shared';

export type AppSettingKind = 'text' | 'switch' | 'image' | 'select';

export interface AppSettingField {
  key: AppSettingKey;
  label: string;
  kind: AppSettingKind;
  helperText?: string;
  options?: readonly string[];
}

export interface AppSettingSection {
  title: string;
  fields: readonly AppSettingField[];
}

/** The screen's sections; the rules of each key are the shared APP_SETTING_RULES the server applies too. */
export const APP_SETTING_SECTIONS: readonly AppSettingSection[] = [
  {
    title: 'Name',
    fields: [
      { key: 'AppName', label: 'App name', kind: 'text' },
      { key: 'AppShortName', label: 'Short name', kind: 'text' },
      { key: 'ShowAppShortName', label: 'Show the short name in the header', kind: 'switch' },
    ],
  },
  {
    title: 'Logos',
    fields: [
      { key: 'AppIcon', label: 'Logo', kind: 'image', helperText: 'Empty: the mDIS logo' },
      { key: 'SecondAppIcon', label: 'Second logo', kind: 'image', helperText: 'Empty: none' },
      {
        key: 'SecondAppIconUrl',
        label: 'Second logo link',
        kind: 'text',
        helperText: 'e.g. https://www.icdp-online.org',
      },
    ],
  },
  {
    title: 'Footer',
    fields: [
      { key: 'CopyrightText', label: 'Copyright text', kind: 'text' },
      { key: 'CopyrightLink', label: 'Copyright link', kind: 'text' },
      { key: 'AboutLink', label: 'About link', kind: 'text' },
    ],
  },
  {
    title: 'Sign-in and search',
    fields: [
      {
        key: 'useDefaultUser',
        label: 'Default user',
        kind: 'text',
        helperText: 'Username of a read-only user signed in automatically; empty: none',
      },
      { key: 'useFacetSearch', label: 'Facet search (program and expedition picker)', kind: 'switch' },
    ],
  },
  {
    title: 'Map',
    fields: [
      {
        key: 'MapTilesBaseUrl',
        label: 'Map tiles URL',
        kind: 'text',
        helperText: 'OpenStreetMap: https://tile.openstreetmap.org (no trailing slash); empty: the offline map',
      },
    ],
  },
  {
    title: 'IGSN',
    fields: [
      { key: 'igsn.method', label: 'IGSN method', kind: 'select', options: IGSN_METHODS },
      { key: 'igsn.prefix', label: 'IGSN prefix', kind: 'text', helperText: 'Needed by fixed_prefix, e.g. ICDP5071' },
    ],
  },
];
