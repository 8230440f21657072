import type { ReactNode } from 'react';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';

export interface DialogHeaderProps {
  /** The id the Dialog's aria-labelledby points at. */
  id: string;
  children: ReactNode;
  /** Without it the dialog has no close button (it must be answered). */
  onClose?: () => void;
}

/** Every dialog's header: its title, and a close button at the right that does what Escape does. */
export function DialogHeader({ id, children, onClose }: DialogHeaderProps) {
  return (
    <DialogTitle id={id} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: onClose ? 1.5 : undefined }}>
      <span style={{ flexGrow: 1, minWidth: 0 }}>{children}</span>
      {onClose && (
        <IconButton aria-label="Close" edge="end" onClick={onClose} sx={{ color: 'text.secondary' }}>
          <CloseIcon />
        </IconButton>
      )}
    </DialogTitle>
  );
}
