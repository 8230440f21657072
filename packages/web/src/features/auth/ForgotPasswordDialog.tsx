import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

export function ForgotPasswordDialog({ open, onClose }: ForgotPasswordDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="forgot-password-title">
      <DialogTitle id="forgot-password-title">Forgot Password</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Password recovery by e-mail is not available in this version yet. Until it arrives, please ask an
          administrator to set a new password for you in User Management.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
