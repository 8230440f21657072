import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export const BUNDLED_LOGO = 'mdis-icon.svg';

/** What the top bar's brand shows: the app config's texts and logos. */
export interface AppBrandSettings {
  AppName: string;
  AppShortName: string;
  ShowAppShortName: boolean;
  AppIcon: string;
  SecondAppIcon: string;
  SecondAppIconUrl: string;
}

export interface AppBrandViewProps {
  settings: AppBrandSettings;
}

/**
 * Logo and short name (linking to the Dashboard), the app name, and the optional second logo: the
 * shell's top bar and the application settings' live preview draw the same thing.
 */
export function AppBrandView({ settings }: AppBrandViewProps) {
  const secondLogo = settings.SecondAppIcon && (
    <Box component="img" src={settings.SecondAppIcon} alt="second logo" sx={{ height: 32, ml: 2 }} />
  );
  return (
    <>
      <Box
        component={RouterLink}
        to="/"
        // minWidth 0: a narrow bar shortens the short name (noWrap's ellipsis), never the logo
        sx={{ display: 'flex', alignItems: 'center', color: 'inherit', textDecoration: 'none', gap: 1, minWidth: 0 }}
      >
        <Box
          component="img"
          src={settings.AppIcon || BUNDLED_LOGO}
          alt="mDIS logo"
          // A light ring keeps the (blue) logo visible on the blue light-mode bar.
          sx={{
            height: 36,
            width: 36,
            flexShrink: 0,
            borderRadius: '22%',
            boxShadow: '0 0 0 2px rgba(255,255,255,0.85)',
          }}
        />
        {settings.ShowAppShortName && (
          <Typography variant="h6" component="span" noWrap>
            {settings.AppShortName}
          </Typography>
        )}
      </Box>
      <Typography variant="subtitle1" component="span" noWrap sx={{ ml: 2, display: { xs: 'none', md: 'block' } }}>
        {settings.AppName}
      </Typography>
      {secondLogo &&
        (settings.SecondAppIconUrl ? (
          <a href={settings.SecondAppIconUrl} target="_blank" rel="noopener noreferrer">
            {secondLogo}
          </a>
        ) : (
          secondLogo
        ))}
    </>
  );
}
