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

/**
 * Spec 1 §9: the dialog closes 300 ms after the input loses focus. Focus moving on to the scanner's
 * own controls (the camera button, a found record's link) keeps it open, and leaving from them
 * closes it just as leaving the input does; otherwise a click on the camera button or a Tab onto a
 * link left a dialog that no longer closed by itself.
 */
function useCloseOnFocusLeave(onClose: () => void) {
  const area = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onBlur = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && area.current?.contains(event.relatedTarget)) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(onClose, SCANNER_BLUR_CLOSE_MS);
  };
  return { ref: area, onFocus: () => clearTimeout(timer.current), onBlur };
}

function CodeScannerSearch({ onClose }: { onClose: () => void }) {
  const [code, setCode] = useState('');
  const { found, searching, run, clear } = useScannerSearch(onClose);
  const focusArea = useCloseOnFocusLeave(onClose);
  const input = useRef<HTMLInputElement>(null);

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') void run(code);
  };
  const handleCameraCode = (scanned: string) => {
    setCode(scanned);
    void run(scanned);
  };

  return (
    <Box {...focusArea}>
      <TextField
        label={SCANNER_INPUT_LABEL}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          clear();
        }}
        onKeyDown={handleKeyDown}
        // Read-only rather than disabled while searching: disabling would take the focus away.
        slotProps={{ htmlInput: { readOnly: searching, 'aria-busy': searching } }}
        inputRef={input}
        autoFocus
        fullWidth
        autoComplete="off"
      />
      {/* the input takes the focus back, so that a hand scanner works again and a later blur closes */}
      <CameraScanner onCode={handleCameraCode} onStopped={() => input.current?.focus()} />
      {searching && <LinearProgress aria-label="searching" sx={{ mt: 1 }} />}
      {found && found.length === 0 && (
        <Typography sx={{ mt: 2 }} color="text.secondary">
          No record found for this code.
        </Typography>
      )}
      {found && found.length > 1 && <FoundFormsList forms={found} onFollow={onClose} />}
    </Box>
  );
}
