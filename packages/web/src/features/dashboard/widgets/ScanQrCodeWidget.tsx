import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { errorMessage } from '../../../platform/api/ApiError';
import { useNotifications } from '../../../platform/notifications/NotificationsContext';
import { CodeScannerDialog, SCANNER_INPUT_LABEL } from '../../igsn/CodeScannerDialog';
import { FoundFormsList } from '../../igsn/FoundFormsList';
import type { FoundForm } from '../../igsn/foundForms';
import { useIgsnSearch } from '../../igsn/useIgsnSearch';

/**
 * The global scanner on the dashboard: a typed (or hand-scanner) code opens its record; several
 * matches are listed; the camera scans in the scanner dialog.
 */
export function ScanQrCodeWidget() {
  const navigate = useNavigate();
  const { warn } = useNotifications();
  const search = useIgsnSearch();
  const [code, setCode] = useState('');
  const [found, setFound] = useState<FoundForm[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);

  const run = async () => {
    if (code.trim() === '' || searching) return;
    setSearching(true);
    try {
      const forms = await search(code.trim());
      setFound(forms);
      if (forms.length === 1 && forms[0]) void navigate(forms[0].path);
    } catch (error) {
      warn(errorMessage(error));
    } finally {
      setSearching(false);
    }
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') void run();
  };

  return (
    <Stack spacing={1}>
      <TextField
        label={SCANNER_INPUT_LABEL}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      {searching && <LinearProgress aria-label="searching" />}
      {found?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No record has this code.
        </Typography>
      )}
      {found && found.length > 1 && <FoundFormsList forms={found} />}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => void run()} disabled={code.trim() === '' || searching}>
          Open
        </Button>
        <Button startIcon={<QrCodeScannerIcon />} onClick={() => setCameraOpen(true)}>
          Scan with camera
        </Button>
      </Stack>
      <CodeScannerDialog open={cameraOpen} onClose={() => setCameraOpen(false)} />
    </Stack>
  );
}
