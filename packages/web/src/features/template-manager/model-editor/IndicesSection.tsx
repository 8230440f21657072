import type { Dispatch } from 'react';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import { INDEX_TYPES, isStoredColumnType, type IndexTemplate, type IndexType, type ModelTemplate } from '@mdis/shared';
import { AddNamedItem } from './AddNamedItem';
import { CommitTextField } from './CommitTextField';
import { EditorSection } from './EditorSection';
import type { EditorAction } from './modelEditorReducer';

interface IndexRowProps {
  index: IndexTemplate;
  /** Columns of the table itself: pseudo and relation columns cannot be indexed. */
  columns: string[];
  dispatch: Dispatch<EditorAction>;
}

function IndexRow({ index, columns, dispatch }: IndexRowProps) {
  const key = index.name;
  const locked = index.isLocked === true;
  return (
    <Paper variant="outlined" role="group" aria-label={`index ${key}`} sx={{ p: 1 }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <CommitTextField
          label="Index name"
          size="small"
          value={key}
          disabled={locked}
          onCommit={(name) => dispatch({ type: 'renameIndex', key, name })}
        />
        <TextField
          select
          label="Index type"
          size="small"
          sx={{ minWidth: 130 }}
          disabled={locked}
          value={index.type}
          onChange={(e) => dispatch({ type: 'updateIndex', key, patch: { type: e.target.value as IndexType } })}
        >
          {INDEX_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Index columns"
          size="small"
          sx={{ minWidth: 'min(240px, 100%)' }}
          disabled={locked}
          value={index.columns}
          slotProps={{ select: { multiple: true } }}
          onChange={(e) => {
            const value = e.target.value as unknown as string[] | string;
            const picked = typeof value === 'string' ? value.split(',') : value;
            dispatch({ type: 'updateIndex', key, patch: { columns: picked } });
          }}
        >
          {columns.map((column) => (
            <MenuItem key={column} value={column}>
              {column}
            </MenuItem>
          ))}
        </TextField>
        <IconButton
          size="small"
          aria-label={`Remove index ${key}`}
          disabled={locked}
          onClick={() => dispatch({ type: 'removeIndex', key })}
        >
          <DeleteIcon fontSize="inherit" />
        </IconButton>
      </Stack>
    </Paper>
  );
}

/** PRIMARY, UNIQUE and KEY indices over the model's own columns. */
export function IndicesSection({ template, dispatch }: { template: ModelTemplate; dispatch: Dispatch<EditorAction> }) {
  const columns = Object.values(template.columns)
    .filter((c) => isStoredColumnType(c.type))
    .map((c) => c.name);
  return (
    <EditorSection title="Indices">
      {Object.values(template.indices).map((index) => (
        <IndexRow key={index.name} index={index} columns={columns} dispatch={dispatch} />
      ))}
      <AddNamedItem label="New index name" action="Add index" onAdd={(name) => dispatch({ type: 'addIndex', name })} />
    </EditorSection>
  );
}
