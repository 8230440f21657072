import { useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';

export interface FileDropZoneProps {
  multiple: boolean;
  /** Extensions offered in the file picker; the queue checks them again for dropped files. */
  allowedTypes?: readonly string[];
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

/** Drop files here or pick them: they go to `onFiles` (the upload queue, the import screen); nothing is sent yet. */
export function FileDropZone({ multiple, allowedTypes, disabled, onFiles }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const prompt = multiple ? 'Drop files here' : 'Drop a file here';
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  };
  return (
    <Box
      role="group"
      aria-label={prompt}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={handleDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 3,
        textAlign: 'center',
        bgcolor: over ? 'action.hover' : undefined,
      }}
    >
      <CloudUploadIcon color="action" fontSize="large" />
      <Typography sx={{ mb: 1 }}>{prompt}</Typography>
      <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
        {multiple ? 'Choose files' : 'Choose a file'}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="file-input"
        multiple={multiple}
        accept={allowedTypes?.map((type) => `.${type.replace(/^\./, '')}`).join(',')}
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          // the same file can be picked again after it was removed from the queue
          event.target.value = '';
        }}
      />
    </Box>
  );
}
