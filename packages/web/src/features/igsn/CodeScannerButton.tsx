import { Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { lazyPage } from '../../platform/routing/lazyWithTimeout';

// The dialog (and, once the camera starts, the barcode library) loads when the scanner first opens.
const CodeScannerDialog = lazyPage(() => import('./CodeScannerDialog'), 'CodeScannerDialog');

/** The top bar's entry to the global code scanner. */
export function CodeScannerButton() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="scan igsn code"
        title="Scan igsn code"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <QrCodeScannerIcon />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <CodeScannerDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
