import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/SaveAlt';
import UploadIcon from '@mui/icons-material/Upload';
import type { ListValue } from '@mdis/shared';
import { useSessionContext } from '../../platform/session/SessionContext';
import { FileDropZone } from '../../ui/FileDropZone';
import { FileTypeSelect } from './FileTypeSelect';
import { UploadQueueList } from './UploadQueueList';
import type { QueueRules } from './uploadQueue';
import { uploadFile } from './uploadRequest';
import { useUploadQueue } from './useUploadQueue';

export const NO_RECORD_OFFLINE =
  'Offline: open File Upload from a record (its upload button) to keep photos for that record until the network is back.';

/** The type a new upload gets until it is assigned: 'UN' (unassigned) where the list has it. */
export function defaultUploadType(types: readonly ListValue[]): string {
  return (types.find((type) => type.display === 'UN') ?? types.at(0))?.display ?? '';
}

export interface UploadSectionProps {
  types: readonly ListValue[];
  rules: QueueRules;
  /** Ids of the archive files the server created for one uploaded file. */
  onUploaded: (ids: number[]) => void;
  /** Offline: the files are kept in the browser for later instead (null: no record to keep them for). */
  keepForLater?: KeepForLater;
}

export interface KeepForLater {
  canKeep: boolean;
  /** Answers the names it kept: those leave the upload queue. */
  keep: (files: readonly File[], type: string) => Promise<string[]>;
}

/** The rows of `{items}` (the server's 201 answer), or of a bare row or list. */
function createdIds(answer: unknown): number[] {
  const items = (answer as { items?: unknown } | null)?.items;
  const rows: unknown[] = Array.isArray(items) ? items : Array.isArray(answer) ? answer : [answer];
  return rows.flatMap((row) => {
    const id = (row as { id?: unknown } | null)?.id;
    return typeof id === 'number' ? [id] : [];
  });
}

/** Step 1: drop or pick files into the queue, then upload them one by one. */
export function UploadSection({ types, rules, onUploaded, keepForLater }: UploadSectionProps) {
  const { user } = useSessionContext();
  const [chosenType, setChosenType] = useState<string | null>(null);
  const type = chosenType ?? defaultUploadType(types);
  const { queue, running, add, remove, start } = useUploadQueue({
    rules,
    upload: (file, onProgress, signal) =>
      uploadFile(file, { token: user?.token, onProgress, signal, fields: { type, analyst: undefined } }),
    onUploaded: (_name, answer) => onUploaded(createdIds(answer)),
  });
  const waiting = queue.filter((entry) => entry.status !== 'uploading').length;
  const files = `${waiting} ${waiting === 1 ? 'file' : 'files'}`;
  const keep = async (later: KeepForLater) => {
    for (const name of await later.keep(
      queue.map((entry) => entry.file),
      type,
    ))
      remove(name);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="h2">
        Upload
      </Typography>
      <FileTypeSelect label="Upload as type" types={types} value={type} onChange={setChosenType} disabled={running} />
      <FileDropZone multiple={rules.multiple} allowedTypes={rules.allowedTypes} onFiles={add} />
      <UploadQueueList queue={queue} onRemove={remove} />
      {keepForLater && !keepForLater.canKeep && <Alert severity="info">{NO_RECORD_OFFLINE}</Alert>}
      <Box>
        {keepForLater ? (
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={!keepForLater.canKeep || queue.length === 0}
            onClick={() => void keep(keepForLater)}
          >
            {`Keep ${files} until online`}
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<UploadIcon />}
            disabled={running || queue.length === 0 || type === ''}
            onClick={() => void start()}
          >
            {running ? 'Uploading…' : `Upload ${files}`}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
