import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { TEMPLATE_EXISTS_KIND } from '@mdis/shared';
import { isApiError } from '../../platform/api/ApiError';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { failureText, useUploadTemplate } from './useTemplateMutations';

/** One exported zip, model template json or form template json (spec 3 §2). */
export const UPLOAD_ACCEPT = 'application/zip,.zip,application/json,.json';

/** The 'already exists' messages of a refused upload; empty when it failed for another reason. */
function takenNames(error: unknown): string[] {
  if (!isApiError(error) || error.status !== 422) return [];
  const taken = error.fieldErrors.filter((field) => field.kind === TEMPLATE_EXISTS_KIND);
  return taken.length === error.fieldErrors.length ? taken.map((field) => field.message) : [];
}

/** Pick a file, confirm, upload; templates that exist already are replaced only after a second confirmation. */
export function TemplateUpload() {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadTemplate();
  const [picked, setPicked] = useState<File | null>(null);
  const [conflict, setConflict] = useState<{ file: File; taken: string[] } | null>(null);

  const start = (file: File, overwrite = false) => {
    upload.mutate(
      { file, overwrite },
      {
        onError: (error) => {
          const taken = overwrite ? [] : takenNames(error);
          if (taken.length > 0) {
            upload.reset();
            setConflict({ file, taken });
          }
        },
      },
    );
  };

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
            if (file) setPicked(file);
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
      <ConfirmDialog
        open={picked !== null}
        title="Upload a template"
        message={`Upload ${picked?.name ?? ''} into the template manager?`}
        confirmLabel="Upload"
        onCancel={() => setPicked(null)}
        onConfirm={() => {
          if (picked) start(picked);
          setPicked(null);
        }}
      />
      <ConfirmDialog
        open={conflict !== null}
        title="Overwrite existing templates?"
        message={`${conflict?.taken.join('; ') ?? ''}. Replace them with the uploaded ones?`}
        confirmLabel="Overwrite"
        onCancel={() => setConflict(null)}
        onConfirm={() => {
          if (conflict) start(conflict.file, true);
          setConflict(null);
        }}
      />
    </Stack>
  );
}
