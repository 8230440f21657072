import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { SELECT_SOURCE_TYPES, type FormInput, type SelectSource } from '@mdis/shared';
import { selectSourceOf, type SelectSourceType } from './fieldSettings';

export interface SelectSourceSettingsProps {
  input: FormInput;
  listNames: readonly string[];
  onChange: (patch: Partial<FormInput>) => void;
}

const SOURCE_LABELS: Record<SelectSourceType, string> = {
  list: 'Value list',
  api: 'API (model)',
  many_relation: 'Many-to-many relation',
  one_relation: 'One-to-many relation',
};

/** Whether the user may type a value not among the options, and pick several. */
function SelectOptionSwitches({ input, onChange }: Omit<SelectSourceSettingsProps, 'listNames'>) {
  return (
    <Stack direction="row" spacing={2}>
      <FormControlLabel
        control={
          <Switch checked={Boolean(input.allowFreeInput)} onChange={(_e, on) => onChange({ allowFreeInput: on })} />
        }
        label="Allow free input"
      />
      <FormControlLabel
        control={<Switch checked={Boolean(input.multiple)} onChange={(_e, on) => onChange({ multiple: on })} />}
        label="Multiple"
      />
    </Stack>
  );
}

/** Where a select's options come from: a value list (names offered from the lists), a model or a relation. */
export function SelectSourceSettings({ input, listNames, onChange }: SelectSourceSettingsProps) {
  const source: SelectSource = input.selectSource ?? selectSourceOf('list');
  const setSource = (patch: Partial<SelectSource>) => onChange({ selectSource: { ...source, ...patch } });
  const text = (key: 'model' | 'textField' | 'valueField' | 'extraFilter', label: string) => (
    <TextField
      label={label}
      size="small"
      value={source[key] ?? ''}
      onChange={(event) => setSource({ [key]: event.target.value })}
    />
  );
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Source type"
        size="small"
        value={source.type}
        onChange={(event) => onChange({ selectSource: selectSourceOf(event.target.value as SelectSourceType, source) })}
      >
        {SELECT_SOURCE_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {SOURCE_LABELS[type]}
          </MenuItem>
        ))}
      </TextField>
      {source.type === 'list' ? (
        <Autocomplete
          freeSolo
          options={[...listNames]}
          value={source.listName ?? ''}
          onInputChange={(_event, value) => setSource({ listName: value })}
          renderInput={(params) => (
            <TextField
              {...params}
              label="List name"
              size="small"
              helperText="A name that is not a value list is saved upper-cased."
            />
          )}
        />
      ) : (
        text('model', 'Model')
      )}
      {text('textField', 'Text field')}
      {text('valueField', 'Value field')}
      {source.type !== 'list' && text('extraFilter', 'Extra filter')}
      <SelectOptionSwitches input={input} onChange={onChange} />
    </Stack>
  );
}
