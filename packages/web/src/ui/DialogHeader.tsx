import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import DialogTitle, { dialogTitleClasses } from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';

export interface DialogHeaderProps {
  /** The id the Dialog's aria-labelledby points at. */
  id: string;
  children: ReactNode;
  /** Without it the dialog has no close button (it must be answered). */
  onClose?: () => void;
}

/**
 * Every dialog's header: its title, and a close button at the right that does what Escape does.
 * The button sits beside the title, not inside it, so the dialog and its heading are called
 * 'Edit Post', not 'Edit Post Close'. The row carries the title's class so that DialogContent
 * right below keeps MUI's spacing after a title.
 */
export function DialogHeader({ id, children, onClose }: DialogHeaderProps) {
  return (
    <Box className={dialogTitleClasses.root} sx={{ display: 'flex', alignItems: 'center', pr: onClose ? 1.5 : 0 }}>
      <DialogTitle id={id} sx={{ flexGrow: 1, minWidth: 0, pr: onClose ? 1 : undefined }}>
        {children}
      </DialogTitle>
      {onClose && (
        <IconButton aria-label="Close" edge="end" onClick={onClose} sx={{ color: 'text.secondary' }}>
          <CloseIcon />
        </IconButton>
      )}
    </Box>
  );
}
