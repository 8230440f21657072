import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { BREAKPOINTS, PRIMARY_COLOR } from '@mdis/shared';

export interface ThemeMode {
  dark: boolean;
  compact: boolean;
}

// mDIS's light blue (#03A9F4) reads on a dark page but not as text on white (2.6:1): the light theme
// uses the same hue two shades darker (Material light-blue 800, 4.9:1), so text buttons, links and
// focused labels pass WCAG AA in both themes.
const PRIMARY_ON_LIGHT = '#0277BD';
// The same for MUI's warning and info colours, used as text ("Table … is not created"): 3.1:1 and
// 3.9:1 on white; these darker shades of the same hues reach 5.3:1 and 7.4:1.
const WARNING_ON_LIGHT = '#A85400';
const INFO_ON_LIGHT = '#01579B';

// No web font is shipped (offline first): the platform's UI font, Roboto where it is installed.
const FONT_FAMILY = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

// Page titles are h5 (PageHeading), card and widget titles h6.
const TYPOGRAPHY = {
  fontFamily: FONT_FAMILY,
  h1: { fontSize: '2rem', fontWeight: 600, letterSpacing: '-0.01em' },
  h2: { fontSize: '1.75rem', fontWeight: 600 },
  h3: { fontSize: '1.5rem', fontWeight: 600 },
  h4: { fontSize: '1.375rem', fontWeight: 600 },
  h5: { fontSize: '1.5rem', fontWeight: 600, letterSpacing: '-0.01em' },
  h6: { fontSize: '1.0625rem', fontWeight: 600 },
  subtitle1: { fontWeight: 600 },
  button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  overline: { fontWeight: 600, letterSpacing: '0.08em' },
} as const;

/**
 * The MUI theme, the one place the look is decided: the original's breakpoints (600, 960, 1264 px),
 * a calm typography scale, sentence-case buttons without shadows (the one contained button of a screen
 * is its primary action), rounded surfaces, a visible focus ring on everything that can be focused,
 * and dense variants when compact.
 */
export function createAppTheme({ dark, compact }: ThemeMode): Theme {
  const size = compact ? ('small' as const) : undefined;
  const primary = dark ? PRIMARY_COLOR : PRIMARY_ON_LIGHT;
  const focusRing = { outline: `2px solid ${primary}`, outlineOffset: 2 };
  return createTheme({
    palette: {
      mode: dark ? 'dark' : 'light',
      primary: { main: primary },
      ...(dark
        ? {}
        : {
            background: { default: '#f6f8fa' },
            warning: { main: WARNING_ON_LIGHT },
            info: { main: INFO_ON_LIGHT },
          }),
    },
    breakpoints: { values: BREAKPOINTS },
    spacing: compact ? 6 : 8,
    shape: { borderRadius: 8 },
    typography: { ...TYPOGRAPHY, fontSize: compact ? 13 : 14 },
    components: {
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      // Controls that are not MUI's ButtonBase (the table's sort labels and column grab handles come
      // from material-react-table with their own styles) get the same ring when reached by keyboard.
      MuiCssBaseline: {
        styleOverrides: {
          'button:focus-visible, a:focus-visible, [role="button"]:focus-visible': {
            outline: `2px solid ${primary} !important`,
            outlineOffset: 2,
          },
        },
      },
      MuiButton: {
        defaultProps: { size, disableElevation: true },
        styleOverrides: { root: { whiteSpace: 'nowrap', minWidth: 0 } },
      },
      MuiIconButton: { defaultProps: { size } },
      MuiTextField: { defaultProps: { size } },
      MuiFormControl: { defaultProps: { margin: compact ? 'dense' : 'normal' } },
      MuiTable: { defaultProps: { size: compact ? 'small' : 'medium' } },
      MuiList: { defaultProps: { dense: compact } },
      MuiMenuItem: { defaultProps: { dense: compact } },
      MuiToolbar: { defaultProps: { variant: compact ? 'dense' : 'regular' } },
      MuiCheckbox: { defaultProps: { size } },
      MuiSwitch: { defaultProps: { size } },
      MuiLink: {
        defaultProps: { underline: 'hover' },
        styleOverrides: { root: { '&:focus-visible': { ...focusRing, borderRadius: 2 } } },
      },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiPaper: { styleOverrides: { outlined: { borderColor: alpha(dark ? '#ffffff' : '#000000', 0.12) } } },
      // on the coloured bar the ring takes the bar's text colour (a primary ring would not show)
      MuiAppBar: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { '& .Mui-focusVisible': { outlineColor: 'currentColor' } } },
      },
      MuiDialogActions: { styleOverrides: { root: { padding: '12px 24px 16px' } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      // a disabled field's hint still carries information (e.g. the table a model writes to)
      MuiFormHelperText: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
      },
    },
  });
}
