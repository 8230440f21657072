import { useState } from 'react';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { UPLOADED_FILE_MESSAGES } from './useUploadedFileActions';

export interface DeleteUploadedButtonProps {
  count: number;
  busy: boolean;
  onDelete: () => void;
}

/** Deletes ticked uploads (a wrong file, a duplicate) after a confirmation. */
export function DeleteUploadedButton({ count, busy, onDelete }: DeleteUploadedButtonProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        color="error"
        startIcon={<DeleteIcon />}
        disabled={busy || count === 0}
        onClick={() => setConfirming(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {`Delete ${count} ${count === 1 ? 'file' : 'files'}`}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={UPLOADED_FILE_MESSAGES.deleteTitle}
        message={UPLOADED_FILE_MESSAGES.deleteText}
        busy={busy}
        onConfirm={() => {
          setConfirming(false);
          onDelete();
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
