import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/Link';
import type { ListValue } from '@mdis/shared';
import { AssignSelects } from './AssignSelects';
import { assignColumns, hasAssignTarget, type AssignSelection } from './assignSelects';
import { FileTypeSelect } from './FileTypeSelect';
import { DeleteUploadedButton } from './DeleteUploadedButton';
import { fileKeys, filesApi } from './files.api';
import { UploadedFilesList } from './UploadedFilesList';
import { useUploadedFileActions } from './useUploadedFileActions';

export interface AssignSectionProps {
  types: readonly ListValue[];
  initialSelection: AssignSelection;
  /** Ticked files; the page ticks what was just uploaded. */
  ticked: ReadonlySet<number>;
  onTickedChange: (next: Set<number>) => void;
}

/** Step 2: tick uploaded files, choose the record and the type, assign. */
export function AssignSection({ types, initialSelection, ticked, onTickedChange }: AssignSectionProps) {
  const [selection, setSelection] = useState<AssignSelection>(initialSelection);
  const [type, setType] = useState('');
  const [number, setNumber] = useState('');
  const { busy, assign, remove } = useUploadedFileActions(() => onTickedChange(new Set()));
  const uploaded = useQuery({ queryKey: fileKeys.uploaded(), queryFn: filesApi.uploaded });
  const files = uploaded.data ?? [];
  // ticks of files no longer waiting (assigned elsewhere, deleted) do not count
  const chosen = files.map((file) => Number(file.id)).filter((id) => ticked.has(id));
  const toggle = (id: number) => {
    const next = new Set(ticked);
    if (!next.delete(id)) next.add(id);
    onTickedChange(next);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="h2">
        Assign uploaded files
      </Typography>
      {uploaded.isError && <Alert severity="warning">{uploaded.error.message}</Alert>}
      <UploadedFilesList
        files={files}
        selected={ticked}
        onToggle={toggle}
        onToggleAll={(all) => onTickedChange(new Set(all ? files.map((file) => Number(file.id)) : []))}
      />
      <DeleteUploadedButton count={chosen.length} busy={busy} onDelete={() => void remove(chosen)} />
      <AssignSelects selection={selection} onChange={setSelection} disabled={busy} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <FileTypeSelect label="File Type" types={types} value={type} onChange={setType} disabled={busy} />
        <TextField
          size="small"
          label="Number (e.g. Core box number)"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          disabled={busy}
        />
        <Button
          variant="contained"
          startIcon={<LinkIcon />}
          disabled={busy || chosen.length === 0 || type === '' || !hasAssignTarget(selection)}
          onClick={() => void assign({ ids: chosen, type, ...(number ? { number } : {}), ...assignColumns(selection) })}
        >
          {`Assign ${chosen.length} ${chosen.length === 1 ? 'file' : 'files'}`}
        </Button>
      </Box>
    </Paper>
  );
}
