import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { AppConfig } from '@mdis/shared';
import { AppBrandView } from '../../../ui/AppBrandView';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The header as it will look with the values being edited (before they are saved). */
export function HeaderPreview({ values }: { values: AppConfig }) {
  return (
    <section aria-label="header preview">
      <Typography variant="overline" color="text.secondary">
        Preview
      </Typography>
      <AppBar position="static" elevation={0} sx={{ borderRadius: 1 }}>
        <Toolbar>
          <AppBrandView
            settings={{
              AppName: text(values.AppName),
              AppShortName: text(values.AppShortName),
              ShowAppShortName: values.ShowAppShortName === true,
              AppIcon: text(values.AppIcon),
              SecondAppIcon: text(values.SecondAppIcon),
              SecondAppIconUrl: text(values.SecondAppIconUrl),
            }}
          />
        </Toolbar>
      </AppBar>
    </section>
  );
}
