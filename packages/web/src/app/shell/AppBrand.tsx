import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSessionContext } from '../../platform/session/SessionContext';

export const BUNDLED_LOGO = 'mdis-icon.svg';

/** Logo and short name (linking to the Dashboard), the app name, and the optional second logo. */
export function AppBrand() {
  const { config } = useSessionContext();
  const secondLogo = config.SecondAppIcon && (
    <Box component="img" src={config.SecondAppIcon} alt="second logo" sx={{ height: 32, ml: 2 }} />
  );
  return (
    <>
      <Box
        component={RouterLink}
        to="/"
        sx={{ display: 'flex', alignItems: 'center', color: 'inherit', textDecoration: 'none', gap: 1 }}
      >
        <Box
          component="img"
          src={config.AppIcon || BUNDLED_LOGO}
          alt="mDIS logo"
          // A light ring keeps the (blue) logo visible on the blue light-mode bar.
          sx={{ height: 36, width: 36, borderRadius: '22%', boxShadow: '0 0 0 2px rgba(255,255,255,0.85)' }}
        />
        {config.ShowAppShortName && (
          <Typography variant="h6" component="span" noWrap>
            {config.AppShortName}
          </Typography>
        )}
      </Box>
      <Typography variant="subtitle1" component="span" noWrap sx={{ ml: 2, display: { xs: 'none', md: 'block' } }}>
        {config.AppName}
      </Typography>
      {secondLogo &&
        (config.SecondAppIconUrl ? (
          <a href={config.SecondAppIconUrl} target="_blank" rel="noopener noreferrer">
            {secondLogo}
          </a>
        ) : (
          secondLogo
        ))}
    </>
  );
}
