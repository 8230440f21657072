import { useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { failureText, useUploadTemplate } from './useTemplateMutations';

/** One exported zip, model template json or form template json (spec 3 §2). */
export const UPLOAD_ACCEPT = 'application/zip,.zip,application/json,.json';

export function TemplateUpload() {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadTemplate();
  return (
    <Stack spacing={1} sx={{ flexShrink: 0 }}>
      <Button variant="outlined" component="label" disabled={upload.isPending}>
        Upload template
        <input
          ref={input}
          hidden
          type="file"
          accept={UPLOAD_ACCEPT}
          aria-label="template file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
            // The same file may be chosen again after fixing it.
            if (input.current) input.current.value = '';
          }}
        />
      </Button>
      {upload.isError && (
        <Alert severity="warning" onClose={() => upload.reset()} sx={{ whiteSpace: 'pre-line', maxWidth: 480 }}>
          {failureText(upload.error, 'error: cannot upload template')}
        </Alert>
      )}
    </Stack>
  );
}
