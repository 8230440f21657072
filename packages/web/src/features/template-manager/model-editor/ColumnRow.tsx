import { useState } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { COLUMN_TYPES, RELATION_COLUMN_TYPES, type ColumnTemplate, type ColumnType } from '@mdis/shared';
import { ColumnSettings } from './ColumnSettings';
import { CommitTextField } from './CommitTextField';

const relationTypes: readonly string[] = RELATION_COLUMN_TYPES;
/** Relation column types come with a relation (Relations section), never from this list. */
const typeChoices = (current: ColumnType) => COLUMN_TYPES.filter((t) => t === current || !relationTypes.includes(t));

export interface ColumnRowProps {
  column: ColumnTemplate;
  editable: boolean;
  /** A refused rename: 'The name is taken.' or 'Column should not be empty string'. */
  error?: string;
  onRename: (name: string) => void;
  onChange: (patch: Partial<ColumnTemplate>) => void;
  onRemove: () => void;
}

type MainFieldsProps = Pick<ColumnRowProps, 'column' | 'error' | 'onRename' | 'onChange'> & { disabled: boolean };

/** Name, type, size, label and required: what every column shows without opening it. */
function ColumnMainFields({ column, disabled, error, onRename, onChange }: MainFieldsProps) {
  const name = column.name;
  return (
    <>
      <CommitTextField
        label="Column name"
        size="small"
        value={name}
        disabled={disabled}
        error={Boolean(error)}
        helperText={error}
        onCommit={onRename}
      />
      <TextField
        select
        label="Type"
        size="small"
        sx={{ minWidth: 150 }}
        disabled={disabled}
        value={column.type}
        onChange={(e) => onChange({ type: e.target.value as ColumnType })}
      >
        {typeChoices(column.type).map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Size"
        size="small"
        type="number"
        sx={{ width: 100 }}
        disabled={disabled || column.type === 'pseudo'}
        value={column.size ?? ''}
        onChange={(e) => onChange({ size: e.target.value === '' ? null : Number(e.target.value) })}
      />
      <TextField
        label="Label"
        size="small"
        disabled={disabled}
        value={column.label ?? ''}
        onChange={(e) => onChange({ label: e.target.value })}
      />
      <FormControlLabel
        label="Required"
        disabled={disabled || column.type === 'pseudo'}
        control={
          <Checkbox checked={column.required === true} onChange={(e) => onChange({ required: e.target.checked })} />
        }
      />
    </>
  );
}

/** One column: dragged by its handle (mouse, touch, or keyboard: space, arrows, space). */
export function ColumnRow({ column, editable, error, onRename, onChange, onRemove }: ColumnRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: column.name,
  });
  const [open, setOpen] = useState(false);
  const name = column.name;
  const disabled = !editable;
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      role="group"
      aria-label={`column ${name}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{ p: 1, zIndex: isDragging ? 1 : undefined, position: 'relative' }}
    >
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <IconButton
          ref={setActivatorNodeRef}
          size="small"
          {...attributes}
          {...listeners}
          aria-label={`Drag column ${name}`}
          sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon fontSize="inherit" />
        </IconButton>
        <ColumnMainFields column={column} disabled={disabled} error={error} onRename={onRename} onChange={onChange} />
        <IconButton
          size="small"
          aria-label={`More settings of ${name}`}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <ExpandLessIcon fontSize="inherit" /> : <ExpandMoreIcon fontSize="inherit" />}
        </IconButton>
        <IconButton size="small" aria-label={`Remove column ${name}`} disabled={disabled} onClick={onRemove}>
          <DeleteIcon fontSize="inherit" />
        </IconButton>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <ColumnSettings column={column} disabled={disabled} onChange={onChange} />
      </Collapse>
    </Paper>
  );
}
