import * as colors from '@mui/material/colors';
import { darken, getContrastRatio } from '@mui/material/styles';
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

const WHITE_TEXT = '#ffffff';
const DARK_TEXT = 'rgba(0, 0, 0, 0.87)';
/** DARK_TEXT as it shows on a colour: close to black, for the contrast sums. */
const DARK_TEXT_SOLID = '#212121';
/** WCAG AA for normal text. */
const MIN_CONTRAST = 4.5;

export interface HeaderColors {
  background: string | undefined;
  color: string | undefined;
}

/**
 * A widget header's background and text colour. White text when the widget asks for it (is_dark),
 * dark text otherwise, unless that would be unreadable (below 4.5:1); when neither is readable on the
 * chosen colour (teal, orange …) the background is darkened just enough for white text. No colour of
 * its own: the card's, with the theme's text colour.
 */
export function widgetHeaderColors(value: string, preferWhite: boolean): HeaderColors {
  const background = widgetCssColor(value);
  if (!background?.startsWith('#')) return { background, color: undefined };
  const white = getContrastRatio(background, WHITE_TEXT);
  const dark = getContrastRatio(background, DARK_TEXT_SOLID);
  if (preferWhite ? white >= MIN_CONTRAST : dark < MIN_CONTRAST && white >= MIN_CONTRAST)
    return { background, color: WHITE_TEXT };
  if (dark >= MIN_CONTRAST) return { background, color: DARK_TEXT };
  let darker = background;
  for (let amount = 0.05; getContrastRatio(darker, WHITE_TEXT) < MIN_CONTRAST && amount < 1; amount += 0.05)
    darker = darken(background, amount);
  return { background: darker, color: WHITE_TEXT };
}
