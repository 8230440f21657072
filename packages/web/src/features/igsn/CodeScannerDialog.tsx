import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import { DialogHeader } from '../../ui/DialogHeader';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { CameraScanner } from './CameraScanner';
import { FoundFormsList } from './FoundFormsList';
import type { FoundForm } from './foundForms';
import { useIgsnSearch } from './useIgsnSearch';

/** The input closes the dialog this long after losing focus (spec 1 §9): time for a link click to land. */
export const SCANNER_BLUR_CLOSE_MS = 300;
export const SCANNER_INPUT_LABEL = 'Enter (or scan) igsn code';

export interface CodeScannerDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The global code scanner (spec 1 §2). A hand-held scanner types the code and presses Enter, so
 * the text input serves both; a camera scans where one can be asked for (CameraScanner).
 */
export function CodeScannerDialog({ open, onClose }: CodeScannerDialogProps) {
  // The content unmounts on close, so the next opening starts with an empty input and no results.
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="code-scanner-title">
      <DialogHeader id="code-scanner-title" onClose={onClose}>
        Code scanner
      </DialogHeader>
      <DialogContent>
        <CodeScannerSearch onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/** Searches a code: one match navigates and closes; the answer stays for the list; a failure warns. */
function useScannerSearch(onClose: () => void) {
  const navigate = useNavigate();
  const { warn } = useNotifications();
  const search = useIgsnSearch();
  const [found, setFound] = useState<FoundForm[] | null>(null);
  const [searching, setSearching] = useState(false);
  const run = async (text: string) => {
    if (text.trim() === '' || searching) return;
    setSearching(true);
    try {
      const forms = await search(text);
      setFound(forms);
      const only = forms.length === 1 ? forms[0] : undefined;
      if (only) {
        void navigate(only.path);
        onClose();
      }
    } catch (error) {
      warn(errorMessage(error));
    } finally {
      setSearching(false);
    }
  };
  return { found, searching, run, clear: () => setFound(null) };
}

function CodeScannerSearch({ onClose }: { onClose: () => void }) {
  const [code, setCode] = useState('');
  const { found, searching, run, clear } = useScannerSearch(onClose);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cameraArea = useRef<HTMLDivElement>(null);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') void run(code);
  };
  const handleBlur = (event: FocusEvent) => {
    // Moving to the camera buttons is not leaving the dialog.
    if (event.relatedTarget instanceof Node && cameraArea.current?.contains(event.relatedTarget)) return;
    blurTimer.current = setTimeout(onClose, SCANNER_BLUR_CLOSE_MS);
  };
  const handleCameraCode = (scanned: string) => {
    setCode(scanned);
    void run(scanned);
  };

  return (
    <>
      <TextField
        label={SCANNER_INPUT_LABEL}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          clear();
        }}
        onKeyDown={handleKeyDown}
        onFocus={() => clearTimeout(blurTimer.current)}
        onBlur={handleBlur}
        // Read-only rather than disabled while searching: disabling would take the focus away.
        slotProps={{ htmlInput: { readOnly: searching, 'aria-busy': searching } }}
        autoFocus
        fullWidth
        autoComplete="off"
      />
      <Box ref={cameraArea}>
        <CameraScanner onCode={handleCameraCode} />
      </Box>
      {searching && <LinearProgress aria-label="searching" sx={{ mt: 1 }} />}
      {found && found.length === 0 && (
        <Typography sx={{ mt: 2 }} color="text.secondary">
          No record found for this code.
        </Typography>
      )}
      {found && found.length > 1 && <FoundFormsList forms={found} onFollow={onClose} />}
    </>
  );
}
