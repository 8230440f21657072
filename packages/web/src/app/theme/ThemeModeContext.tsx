import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { StyledEngineProvider, ThemeProvider } from '@mui/material/styles';
import { useKeepGeneratedStyles } from '../../platform/styles/keepGeneratedStyles';
import { DARK_MODE_DEFAULT, STORAGE_KEYS } from '@mdis/shared';
import { createAppTheme, type ThemeMode } from './createAppTheme';

interface ThemeModeContextValue extends ThemeMode {
  toggleDark: () => void;
  toggleCompact: () => void;
}

const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);

function readFlag(key: string, trueValue: string, fallback: boolean): boolean {
  const stored = localStorage.getItem(key);
  return stored === null ? fallback : stored === trueValue;
}

/** Reads the remembered theme ('dark' | 'light') and compact flag ('true' | 'false'). */
export function readThemeMode(): ThemeMode {
  return {
    dark: readFlag(STORAGE_KEYS.theme, 'dark', DARK_MODE_DEFAULT),
    compact: readFlag(STORAGE_KEYS.compact, 'true', false),
  };
}

/** Keeps the CSS MUI generated for the next load (platform/styles/keepGeneratedStyles.ts): inside its style cache. */
function KeepGeneratedStyles() {
  useKeepGeneratedStyles();
  return null;
}

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(readThemeMode);

  useEffect(() => {
    localStorage.setItem(STORAGE_KEYS.theme, mode.dark ? 'dark' : 'light');
    localStorage.setItem(STORAGE_KEYS.compact, String(mode.compact));
    // Stable hooks for styling and for the browser tests.
    document.documentElement.dataset.theme = mode.dark ? 'dark' : 'light';
    document.documentElement.dataset.compact = String(mode.compact);
  }, [mode]);

  const toggleDark = useCallback(() => setMode((m) => ({ ...m, dark: !m.dark })), []);
  const toggleCompact = useCallback(() => setMode((m) => ({ ...m, compact: !m.compact })), []);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const value = useMemo(() => ({ ...mode, toggleDark, toggleCompact }), [mode, toggleDark, toggleCompact]);

  return (
    <ThemeModeContext.Provider value={value}>
      {/* injectFirst: MUI's styles come first in <head>, so a custom stylesheet can override them. */}
      <StyledEngineProvider injectFirst>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <KeepGeneratedStyles />
          {children}
        </ThemeProvider>
      </StyledEngineProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeModeContext(): ThemeModeContextValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeModeContext must be used inside ThemeModeProvider');
  return value;
}
