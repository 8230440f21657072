import * as colors from '@mui/material/colors';
import { WIDGET_COLOR_FAMILIES, WIDGET_COLOR_MODIFIERS, isWidgetColor } from '@mdis/shared';

type Shade = keyof typeof colors.red;
type Family = (typeof WIDGET_COLOR_FAMILIES)[number];
type Modifier = (typeof WIDGET_COLOR_MODIFIERS)[number];

// The original's palette names (Vuetify's 'family modifier') mapped onto the Material shades.
const SHADES: Record<Modifier, Shade> = {
  'lighten-5': 50,
  'lighten-4': 100,
  'lighten-3': 200,
  'lighten-2': 300,
  'lighten-1': 400,
  'darken-1': 600,
  'darken-2': 700,
  'darken-3': 800,
  'darken-4': 900,
  'accent-1': 'A100',
  'accent-2': 'A200',
  'accent-3': 'A400',
  'accent-4': 'A700',
};

const camel = (family: string) => family.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
const PLAIN: Record<string, string> = { black: '#000000', white: '#ffffff', transparent: 'transparent' };

/** The CSS colour of a widget colour value; undefined when the value is not a valid colour. */
export function widgetCssColor(value: string): string | undefined {
  if (!isWidgetColor(value)) return undefined;
  if (value.startsWith('#')) return value;
  if (PLAIN[value]) return PLAIN[value];
  const [family, modifier] = value.split(' ') as [Family, Modifier | undefined];
  const palette = (colors as unknown as Record<string, Record<Shade, string> | undefined>)[camel(family)];
  return palette?.[modifier ? SHADES[modifier] : 500];
}

/** '#abc' → '#aabbcc', for the browser's colour picker, which only takes six digits. */
export function toSixDigitHex(css: string | undefined): string {
  if (!css?.startsWith('#')) return '#000000';
  const digits = css.slice(1);
  if (digits.length === 3) return `#${digits.replace(/./g, '$&$&')}`;
  return digits.length === 6 ? css : '#000000';
}

/** Every palette name, for the colour field's suggestions. */
export const PALETTE_NAMES: readonly string[] = WIDGET_COLOR_FAMILIES.flatMap((family) => [
  family,
  ...WIDGET_COLOR_MODIFIERS.map((modifier) => `${family} ${modifier}`),
]);
