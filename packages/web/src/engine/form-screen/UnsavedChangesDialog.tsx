import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { LeaveAnswer } from './useLeaveGuard';

export const UNSAVED_TITLE = 'Unsaved changes';
export const UNSAVED_TEXT = 'This record has changes that are not saved yet.';

/** Save / Discard / Cancel before a dirty draft is left (issue 18 item 7). */
export function UnsavedChangesDialog({ open, onAnswer }: { open: boolean; onAnswer: (choice: LeaveAnswer) => void }) {
  return (
    <Dialog open={open} onClose={() => onAnswer('cancel')} aria-labelledby="unsaved-changes-title">
      <DialogTitle id="unsaved-changes-title">{UNSAVED_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText>{UNSAVED_TEXT}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onAnswer('cancel')}>Cancel</Button>
        <Button color="error" onClick={() => onAnswer('discard')}>
          Discard
        </Button>
        <Button variant="contained" onClick={() => onAnswer('save')} autoFocus>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
