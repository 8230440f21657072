import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSessionContext } from '../../platform/session/SessionContext';
import { pageKey, pageTitleFor } from '../router/routeMeta';
import { RouteErrorBoundary } from '../../ui/RouteErrorBoundary';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { AppFooter } from './AppFooter';
import { AppTopBar } from './AppTopBar';
import { InitErrorAlert } from './InitErrorAlert';
import { NavDrawer } from './NavDrawer';
import { useFormLabels } from './useFormLabels';

/** The frame of every page: top bar, drawer (signed in only), breadcrumbs, content, footer. */
export function AppShell() {
  const { status, initError, user, config } = useSessionContext();
  const { pathname } = useLocation();
  const theme = useTheme();
  const permanent = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  // the same functions for the shell's life: the (memoised) top bar and drawer are not rendered
  // again by every address change, a sort or a page of a form's table included
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const formLabels = useFormLabels();

  useEffect(() => {
    document.title = pageTitleFor(pathname, config.AppShortName, formLabels);
  }, [pathname, config.AppShortName, formLabels]);

  const showDrawer = Boolean(user) && status === 'ready';
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppTopBar onMenuClick={showDrawer && !permanent ? openDrawer : undefined} />
      {showDrawer && user && <NavDrawer user={user} permanent={permanent} open={drawerOpen} onClose={closeDrawer} />}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 1.5, sm: 3 } }}>
          {status === 'failed' ? (
            <InitErrorAlert message={initError?.message ?? 'unknown error'} />
          ) : (
            <>
              <AppBreadcrumbs />
              <RouteErrorBoundary key={pageKey(pathname)}>
                <Outlet />
              </RouteErrorBoundary>
            </>
          )}
        </Box>
        <AppFooter />
      </Box>
    </Box>
  );
}
