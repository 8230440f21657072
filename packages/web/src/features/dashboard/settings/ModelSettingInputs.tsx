import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { appApi, appKeys } from '../../../platform/api/app.api';
import { recordKeys, recordsApi } from '../../../engine/api/records.api';
import { displayText } from '../widgets/settingValues';
import type { SettingInputProps } from './SettingFieldInput';

interface PickListProps {
  label: string;
  value: unknown;
  options: readonly string[] | undefined;
  error?: string;
  /** Said below the field while there is nothing to pick. */
  emptyText: string;
  onChange: (value: string) => void;
}

/**
 * A select over names read from the server. A stored value that is not among them stays listed,
 * so the field shows what is saved and the server's message can name it.
 */
function PickList({ label, value, options, error, emptyText, onChange }: PickListProps) {
  const current = displayText(value);
  const names = options ?? [];
  const listed = current === '' || names.includes(current) ? names : [current, ...names];
  return (
    <TextField
      select
      label={label}
      value={current}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? (listed.length === 0 ? emptyText : undefined)}
      disabled={listed.length === 0}
      fullWidth
    >
      {listed.map((name) => (
        <MenuItem key={name} value={name}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The data models of the forms the user may open, by full name. */
export function ModelSettingInput({ field, value, error, onChange }: SettingInputProps) {
  const forms = useQuery({ queryKey: appKeys.forms(), queryFn: appApi.forms });
  const models = forms.data
    ? [...new Set(Object.values(forms.data).flatMap((list) => list.map((form) => form.dataModel ?? '')))]
        .filter((name) => name !== '')
        .sort()
    : undefined;
  return (
    <PickList
      label={field.label}
      value={value}
      options={models}
      error={error}
      emptyText={forms.isPending ? 'loading the models…' : 'no model with a form you may open'}
      onChange={onChange}
    />
  );
}

/** The columns of the model another setting names; empty until a model is picked. */
export function ColumnSettingInput({ field, value, error, onChange, settings }: SettingInputProps) {
  const model = field.kind === 'column' ? displayText(settings[field.modelKey]) : '';
  const template = useQuery({
    queryKey: recordKeys.modelTemplate(model),
    queryFn: () => recordsApi.modelTemplate(model),
    enabled: model !== '',
  });
  return (
    <PickList
      label={field.label}
      value={value}
      options={template.data ? Object.keys(template.data.columns) : undefined}
      error={error}
      emptyText={model === '' ? 'pick the table first' : 'loading the columns…'}
      onChange={onChange}
    />
  );
}
