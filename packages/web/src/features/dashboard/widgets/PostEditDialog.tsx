import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import type { Post } from '@mdis/shared';
import { DialogHeader } from '../../../ui/DialogHeader';

export interface PostEditDialogProps {
  post: Post;
  onClose: () => void;
  onSave: (text: string) => Promise<void>;
}

export function PostEditDialog({ post, onClose, onSave }: PostEditDialogProps) {
  const [text, setText] = useState(post.text);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="post-edit-title">
      <DialogHeader id="post-edit-title" onClose={onClose}>
        Edit Post
      </DialogHeader>
      <DialogContent>
        <TextField
          label="Text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={text.trim() === ''} onClick={() => void onSave(text)}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
