import { Link as RouterLink, useLocation } from 'react-router';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { breadcrumbsFor } from '../router/routeMeta';
import { useFormLabels } from './useFormLabels';

/** Above the content, hidden on /login; the last crumb is the current page and not a link. */
export function AppBreadcrumbs() {
  const { pathname } = useLocation();
  const formLabels = useFormLabels();
  if (pathname === '/login') return null;
  const crumbs = breadcrumbsFor(pathname, formLabels);
  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 2 }}>
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb.to} color="text.disabled" aria-current="page" aria-disabled="true">
            {crumb.label}
          </Typography>
        ) : (
          <Link key={crumb.to} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {crumb.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
