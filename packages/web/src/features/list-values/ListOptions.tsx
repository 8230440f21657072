import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SaveIcon from '@mui/icons-material/Save';
import { LIST_VALUE_UI_MESSAGES, type ListInfo } from '@mdis/shared';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { listValueKeys, listValuesApi, type ListInfoChange } from './listValues.api';

/** The value-list export (administrators): `report/ExportValueList?listname=` (spec 1 §7). */
export const exportValueListUrl = (listname: string) =>
  `report/ExportValueList?listname=${encodeURIComponent(listname)}`;

export interface ListOptionsProps {
  info: ListInfo;
  isAdministrator: boolean;
  /** May change the list's uri: writes allowed and the list unlocked, or an administrator. */
  canEditList: boolean;
}

/** The list itself: the lock (administrator only), its uri, and the export (administrator only). */
export function ListOptions({ info, isAdministrator, canEditList }: ListOptionsProps) {
  const queryClient = useQueryClient();
  const { notify, warn } = useNotifications();
  const [listUri, setListUri] = useState(info.list_uri ?? '');
  const change = useMutation({
    mutationFn: (body: ListInfoChange) => listValuesApi.updateInfo(info.listname, body),
    onSuccess: (updated, body) => {
      queryClient.setQueryData(listValueKeys.info(info.listname), updated);
      if ('list_uri' in body) notify('updated successfully', 'success');
    },
    onError: (_error, body) =>
      warn('is_locked' in body ? LIST_VALUE_UI_MESSAGES.toggleLock : LIST_VALUE_UI_MESSAGES.updateUri),
  });

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
      <Typography>List is {info.is_locked ? 'Locked' : 'Unlocked'}</Typography>
      <Button
        variant="outlined"
        startIcon={info.is_locked ? <LockOpenIcon /> : <LockIcon />}
        disabled={!isAdministrator || change.isPending}
        onClick={() => change.mutate({ is_locked: !info.is_locked })}
      >
        {info.is_locked ? 'Unlock' : 'Lock'}
      </Button>
      <ListUriField
        value={listUri}
        onChange={setListUri}
        disabled={!canEditList}
        busy={change.isPending}
        onSave={() => change.mutate({ list_uri: listUri.trim() === '' ? null : listUri.trim() })}
      />
      {isAdministrator && (
        // A download opened by URL sends no bearer header: the session cookie, accepted on GET only,
        // authenticates it (docs/decisions.md; DESIGN §5).
        <Button
          variant="outlined"
          color="success"
          startIcon={<FileDownloadIcon />}
          href={exportValueListUrl(info.listname)}
          target="_blank"
          rel="noopener"
        >
          Export value list
        </Button>
      )}
    </Stack>
  );
}

interface ListUriFieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  busy: boolean;
  onSave: () => void;
}

function ListUriField({ value, onChange, disabled, busy, onSave }: ListUriFieldProps) {
  return (
    <TextField
      label="List uri"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      size="small"
      sx={{ minWidth: 320 }}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label="save list uri"
                title="save list uri"
                edge="end"
                disabled={disabled || busy}
                onClick={onSave}
              >
                <SaveIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
