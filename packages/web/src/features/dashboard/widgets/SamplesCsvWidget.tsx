import { useState, type SyntheticEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DownloadIcon from '@mui/icons-material/Download';
import { REQUIRED_MESSAGE, samplesCsvFileName } from '@mdis/shared';
import { errorMessage, isApiError } from '../../../platform/api/ApiError';
import { useNotifications } from '../../../platform/notifications/NotificationsContext';
import { WarningDialog } from '../../../ui/WarningDialog';
import { widgetsApi } from '../dashboard.api';
import type { WidgetProps } from './widgetTypes';

/** Hands `text` to the browser as a file download. */
function saveTextFile(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the samples of a sample request as samples_{requestNo}_{requestPart}.csv (spec 2 §2). */
export function SamplesCsvWidget({ widget }: WidgetProps) {
  const { warn } = useNotifications();
  const [requestNo, setRequestNo] = useState('');
  const [requestPart, setRequestPart] = useState('');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const noError = checked && requestNo.trim() === '' ? REQUIRED_MESSAGE : undefined;
  const partError = checked && requestPart.trim() === '' ? REQUIRED_MESSAGE : undefined;

  const handleSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setChecked(true);
    if (requestNo.trim() === '' || requestPart.trim() === '') return;
    setBusy(true);
    try {
      const csv = await widgetsApi.samplesCsv(requestNo.trim(), requestPart.trim());
      saveTextFile(csv, samplesCsvFileName(requestNo.trim(), requestPart.trim()));
    } catch (error) {
      // Spec 2 §8: a 422 of the download (no such request) is a warning dialog; other failures a notice.
      if (isApiError(error) && error.status === 422) setRefusal(error.fieldErrors[0]?.message ?? error.message);
      else warn(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={1}
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={`${widget.title} form`}
    >
      <TextField
        label="Request Number"
        value={requestNo}
        onChange={(event) => setRequestNo(event.target.value)}
        error={Boolean(noError)}
        helperText={noError}
        required
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        label="Request Part"
        value={requestPart}
        onChange={(event) => setRequestPart(event.target.value)}
        error={Boolean(partError)}
        helperText={partError}
        required
      />
      <Button type="submit" variant="contained" startIcon={<DownloadIcon />} disabled={busy}>
        Download CSV
      </Button>
      <WarningDialog message={refusal} onClose={() => setRefusal(null)} />
    </Stack>
  );
}
