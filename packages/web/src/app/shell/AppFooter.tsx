import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSessionContext } from '../../platform/session/SessionContext';
import { lazyPage } from '../../platform/routing/lazyWithTimeout';
import { versionText } from '../../platform/version/versionText';

// Loaded the first time the imprint opens: the first screen does not carry the dialog.
const ImprintDialog = lazyPage(() => import('./ImprintDialog'), 'ImprintDialog');

export function AppFooter() {
  const { config } = useSessionContext();
  const [imprintOpen, setImprintOpen] = useState(false);
  const [imprintOpened, setImprintOpened] = useState(false);
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        fontSize: 'body2.fontSize',
      }}
    >
      <Link href={config.CopyrightLink || undefined} target="_blank" rel="noopener noreferrer" variant="body2">
        © {config.CopyrightText}
      </Link>
      <Link href={config.AboutLink || undefined} target="_blank" rel="noopener noreferrer" variant="body2">
        About
      </Link>
      {/* a dialog, not a page: a button that looks like its neighbours */}
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => {
          setImprintOpened(true);
          setImprintOpen(true);
        }}
      >
        Imprint
      </Link>
      <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
        {versionText()}
      </Typography>
      {imprintOpened && (
        <Suspense fallback={null}>
          <ImprintDialog open={imprintOpen} onClose={() => setImprintOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
