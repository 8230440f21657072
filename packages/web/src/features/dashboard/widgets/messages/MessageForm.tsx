import { useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import { MESSAGE_MESSAGES, type Message, type MessageBodyInput } from '@mdis/shared';
import { isApiError, errorMessage } from '../../../../platform/api/ApiError';
import { useNotifications } from '../../../../platform/notifications/NotificationsContext';
import { hasExtension, imageFileToDataUrl } from '../../settings/scaleImage';
import { today } from './messageDates';

interface ImageDraft {
  /** A kept image. */
  image_id?: number;
  /** A new image. */
  data?: string;
  caption: string;
  src: string;
}

export interface MessageFormProps {
  message?: Message;
  onSave: (body: MessageBodyInput) => Promise<unknown>;
  onSaved: () => void;
}

const toBody = (date: string, text: string, images: readonly ImageDraft[]): MessageBodyInput => ({
  date,
  message: text,
  images: images.map(({ image_id, data, caption }) => (data ? { data, caption } : { image_id, caption })),
});

interface MessageImagesEditorProps {
  images: readonly ImageDraft[];
  onChange: (update: (current: ImageDraft[]) => ImageDraft[]) => void;
}

function MessageImagesEditor({ images, onChange }: MessageImagesEditorProps) {
  return images.map((image, index) => (
    <Stack key={`${image.src.slice(-24)}-${String(index)}`} direction="row" spacing={1} alignItems="center">
      <Box
        component="img"
        src={image.src}
        alt={image.caption || 'message image'}
        sx={{ width: 64, height: 48, objectFit: 'cover' }}
      />
      <TextField
        label="Caption"
        value={image.caption}
        onChange={(event) =>
          onChange((current) => current.map((img, i) => (i === index ? { ...img, caption: event.target.value } : img)))
        }
        sx={{ flexGrow: 1 }}
      />
      <IconButton
        aria-label={`remove image ${String(index + 1)}`}
        onClick={() => onChange((current) => current.filter((_, i) => i !== index))}
      >
        <DeleteIcon />
      </IconButton>
    </Stack>
  ));
}

// A failed save's warning stays 30 s; the next successful save of a message takes it back.
const SAVE_SOURCE = 'message-save';

/** Date, text and captioned images of a message; a 422 lists the field errors in a closable summary. */
export function MessageForm({ message, onSave, onSaved }: MessageFormProps) {
  const { warn, settle } = useNotifications();
  const [date, setDate] = useState(message?.date ?? today());
  const [text, setText] = useState(message?.message ?? '');
  const [images, setImages] = useState<ImageDraft[]>(
    () => message?.images.map((image) => ({ image_id: image.image_id, caption: image.caption, src: image.url })) ?? [],
  );
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const handleFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].filter((file) => hasExtension(file.name));
    event.target.value = '';
    const added = await Promise.all(files.map(imageFileToDataUrl));
    setImages((current) => [...current, ...added.map((data) => ({ data, caption: '', src: data }))]);
  };
  const handleSave = async () => {
    setSaving(true);
    try {
      await onSave(toBody(date, text, images));
      setProblems([]);
      settle(SAVE_SOURCE);
      onSaved();
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        warn(MESSAGE_MESSAGES.notValid, SAVE_SOURCE);
        setProblems(error.fieldErrors.map((field) => `${field.field}: ${field.message}`));
      } else warn(errorMessage(error), SAVE_SOURCE);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={1} sx={{ pt: 1 }}>
      {problems.length > 0 && (
        <Alert severity="warning" onClose={() => setProblems([])}>
          {MESSAGE_MESSAGES.notValid}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </Box>
        </Alert>
      )}
      <TextField label="Date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      <TextField label="Message" value={text} onChange={(event) => setText(event.target.value)} multiline minRows={3} />
      <MessageImagesEditor images={images} onChange={setImages} />
      <Stack direction="row" spacing={1}>
        <Button component="label" size="small">
          Add images
          <input hidden multiple type="file" accept="image/*" onChange={(event) => void handleFiles(event)} />
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" disabled={saving} onClick={() => void handleSave()}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
}
