import { Suspense, memo } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import MenuIcon from '@mui/icons-material/Menu';
import { useSessionContext } from '../../platform/session/SessionContext';
import { useThemeModeContext } from '../theme/ThemeModeContext';
import { AppBrand } from './AppBrand';
import { CodeScannerButton } from '../../features/igsn/CodeScannerButton';
import { lazyPage } from '../../platform/routing/lazyWithTimeout';
import { PersonMenu } from './PersonMenu';
import { useKeptOffline } from '../../features/offline/registerOffline';

// Only shown where the configuration turns facet search on: loaded then.
const FacetSearchPicker = lazyPage(() => import('../../features/facet-search/FacetSearchPicker'), 'FacetSearchPicker');
// Only in a browser that keeps a scope offline: it brings the offline store.
const OfflineStatusChip = lazyPage(() => import('../../features/offline/OfflineStatusChip'), 'OfflineStatusChip');

export interface AppTopBarProps {
  /** Shown below the permanent-drawer breakpoint, when there is a drawer to open. */
  onMenuClick?: () => void;
}

/**
 * A phone's bar holds the menu, the brand, the offline status and five buttons: there the gutters and
 * the buttons are narrower, and a long brand gives way (ellipsis) rather than run under the buttons.
 */
const barSx = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: { px: 1, '& .MuiIconButton-sizeMedium': { p: 0.75 } },
});

/** Memoised: the shell renders again with every address change, the top bar only with its own state. */
export const AppTopBar = memo(function AppTopBar({ onMenuClick }: AppTopBarProps) {
  const { user, config } = useSessionContext();
  const { dark, compact, toggleDark, toggleCompact } = useThemeModeContext();
  const keptOffline = useKeptOffline();
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={barSx}>
        {onMenuClick && (
          <IconButton color="inherit" edge="start" aria-label="open navigation" onClick={onMenuClick} sx={{ mr: 1 }}>
            <MenuIcon />
          </IconButton>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
          <AppBrand />
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 8 }} />
        {user && keptOffline && (
          <Suspense fallback={null}>
            <OfflineStatusChip />
          </Suspense>
        )}
        <Tooltip title={dark ? 'Light mode' : 'Dark mode'}>
          <IconButton color="inherit" aria-label="toggle dark mode" aria-pressed={dark} onClick={toggleDark}>
            {dark ? <Brightness7Icon /> : <Brightness4Icon />}
          </IconButton>
        </Tooltip>
        <Tooltip title={compact ? 'Comfortable layout' : 'Compact layout'}>
          <IconButton color="inherit" aria-label="toggle compact layout" aria-pressed={compact} onClick={toggleCompact}>
            {compact ? <UnfoldMoreIcon /> : <UnfoldLessIcon />}
          </IconButton>
        </Tooltip>
        {user && config.useFacetSearch && (
          <Suspense fallback={null}>
            <FacetSearchPicker />
          </Suspense>
        )}
        {user && <CodeScannerButton />}
        {user && <PersonMenu user={user} />}
      </Toolbar>
    </AppBar>
  );
});
