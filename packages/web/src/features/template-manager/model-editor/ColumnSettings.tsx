import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ColumnTemplate, canHaveTextIndex, hasTextIndex } from '@mdis/shared';

type TextKey =
  | 'description'
  | 'unit'
  | 'validator'
  | 'validatorMessage'
  | 'selectListName'
  | 'calculate'
  | 'defaultValue'
  | 'importSource';
type FlagKey = 'searchable' | 'primaryKey' | 'autoInc';

const notPseudo = (column: ColumnTemplate) => column.type !== 'pseudo';
/** importSource may also hold the original's closures (objects): shown only when it is text. */
const textual = (column: ColumnTemplate) =>
  column.importSource === undefined || typeof column.importSource === 'string';

const TEXT_SETTINGS: [TextKey, string, (column: ColumnTemplate) => boolean][] = [
  ['description', 'Description', () => true],
  ['unit', 'Unit', () => true],
  ['validator', 'Validator', notPseudo],
  ['validatorMessage', 'Validator message', () => true],
  ['selectListName', 'Select list name', () => true],
  ['calculate', 'Calculate', notPseudo],
  ['defaultValue', 'Default value', notPseudo],
  ['importSource', 'Import source', textual],
];
const FLAG_SETTINGS: [FlagKey, string][] = [
  ['searchable', 'Searchable'],
  ['primaryKey', 'Primary key'],
  ['autoInc', 'Auto increment'],
];

// A trigram index for the regex and text filters of big tables; on by default for string columns.
const TEXT_INDEX_HINT = 'Speeds up text and regex filters on this column (on by default for string columns).';

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
};

export interface ColumnSettingsProps {
  column: ColumnTemplate;
  disabled: boolean;
  onChange: (patch: Partial<ColumnTemplate>) => void;
}

/**
 * The column attributes beyond name, type, size, label and required: description, unit, validator and
 * its message, select list, calculate, default value, searchable, and a relation's table and display
 * column (spec 3 §3).
 */
export function ColumnSettings({ column, disabled, onChange }: ColumnSettingsProps) {
  const pseudo = column.type === 'pseudo';
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', pt: 1 }}>
      {TEXT_SETTINGS.filter(([, , shown]) => shown(column)).map(([key, label]) => (
        <TextField
          key={key}
          label={label}
          size="small"
          disabled={disabled}
          value={text(column[key])}
          onChange={(e) => onChange({ [key]: e.target.value })}
        />
      ))}
      {pseudo && (
        <TextField
          label="Pseudo formula"
          size="small"
          sx={{ minWidth: 'min(360px, 100%)' }}
          disabled={disabled}
          value={text(column.pseudoCalc)}
          helperText="a dotted parent path (searchable) or code using the current row"
          onChange={(e) => onChange({ pseudoCalc: e.target.value })}
        />
      )}
      {FLAG_SETTINGS.map(([key, label]) => (
        <FormControlLabel
          key={key}
          label={label}
          disabled={disabled}
          control={<Checkbox checked={column[key] === true} onChange={(e) => onChange({ [key]: e.target.checked })} />}
        />
      ))}
      {canHaveTextIndex(column.type) && (
        <FormControlLabel
          label="Text index"
          disabled={disabled}
          control={
            <Checkbox
              checked={hasTextIndex(column)}
              onChange={(e) => onChange({ textIndex: e.target.checked })}
              slotProps={{ input: { title: TEXT_INDEX_HINT } }}
            />
          }
        />
      )}
      {column.relatedTable && (
        <TextField label="Related table" size="small" disabled value={text(column.relatedTable)} />
      )}
      {column.displayColumn && (
        <TextField label="Display column" size="small" disabled value={text(column.displayColumn)} />
      )}
    </Stack>
  );
}
