import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { CodeScannerDialog } from './CodeScannerDialog';

/** The top bar's entry to the global code scanner. */
export function CodeScannerButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton color="inherit" aria-label="scan igsn code" title="Scan igsn code" onClick={() => setOpen(true)}>
        <QrCodeScannerIcon />
      </IconButton>
      <CodeScannerDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
