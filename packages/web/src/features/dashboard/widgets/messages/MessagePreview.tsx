import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Message } from '@mdis/shared';

export interface MessagePreviewProps {
  message: Message;
  onEdit: () => void;
  onDelete: () => void;
}

export function MessagePreview({ message, onEdit, onDelete }: MessagePreviewProps) {
  return (
    <Box aria-label="message preview" role="article">
      <Typography variant="subtitle2" color="text.secondary">
        {message.date} · {message.author}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', my: 1 }}>{message.message}</Typography>
      {message.images.map((image) => (
        <Box component="figure" key={image.image_id} sx={{ m: 0, mb: 1 }}>
          <Box component="img" src={image.url} alt={image.caption || 'message image'} sx={{ maxWidth: '100%' }} />
          {image.caption && (
            <Typography component="figcaption" variant="caption">
              {image.caption}
            </Typography>
          )}
        </Box>
      ))}
      {message.canEdit && (
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={onEdit}>
            Edit
          </Button>
          <Button size="small" color="error" onClick={onDelete}>
            Delete
          </Button>
        </Stack>
      )}
    </Box>
  );
}
