import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface WarningDialogProps {
  /** The message to show; null: closed. */
  message: string | null;
  title?: string;
  onClose: () => void;
}

/** A server's refusal the user must read and acknowledge (spec 2 §8: "server message in a warning dialog"). */
export function WarningDialog({ message, title = 'Warning', onClose }: WarningDialogProps) {
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby="warning-dialog-title" role="alertdialog">
      <DialogTitle id="warning-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
