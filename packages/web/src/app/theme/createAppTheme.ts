import { createTheme, type Theme } from '@mui/material/styles';
import { BREAKPOINTS, PRIMARY_COLOR } from '@mdis/shared';

export interface ThemeMode {
  dark: boolean;
  compact: boolean;
}

/** The MUI theme: primary #03A9F4, the original's breakpoints (600, 960, 1264 px), dense variants when compact. */
export function createAppTheme({ dark, compact }: ThemeMode): Theme {
  const size = compact ? ('small' as const) : undefined;
  return createTheme({
    palette: { mode: dark ? 'dark' : 'light', primary: { main: PRIMARY_COLOR } },
    breakpoints: { values: BREAKPOINTS },
    spacing: compact ? 6 : 8,
    typography: compact ? { fontSize: 13 } : {},
    components: {
      MuiButton: { defaultProps: { size } },
      MuiIconButton: { defaultProps: { size } },
      MuiTextField: { defaultProps: { size } },
      MuiFormControl: { defaultProps: { margin: compact ? 'dense' : 'normal' } },
      MuiTable: { defaultProps: { size: compact ? 'small' : 'medium' } },
      MuiList: { defaultProps: { dense: compact } },
      MuiMenuItem: { defaultProps: { dense: compact } },
      MuiToolbar: { defaultProps: { variant: compact ? 'dense' : 'regular' } },
      MuiCheckbox: { defaultProps: { size } },
      MuiSwitch: { defaultProps: { size } },
    },
  });
}
