import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { BehaviorParameterInfo } from '../templateManager.api';
import { parameterText, parseParameter } from './modelEditorReducer';

const FIELD_WIDTH = { minWidth: 'min(260px, 100%)' };

export interface BehaviorParameterInputProps {
  /** The registry's declaration; without one (a parameter the registry does not list) the value is raw JSON. */
  parameter: BehaviorParameterInfo | { name: string; hint: string; kind?: undefined; label?: undefined };
  value: unknown;
  /** The model's columns, offered by the column pickers. */
  columns: readonly string[];
  /** The value to save in the template; undefined removes the parameter (the behavior's default applies). */
  onChange: (value: unknown) => void;
}

type LabelledProps = BehaviorParameterInputProps & { label: string };

const textOrUndefined = (text: string) => (text.trim() === '' ? undefined : text);

/** A column list as stored: a JSON array, or a single name in templates written by hand. */
function columnList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(parameterText);
  return value === undefined || value === null || value === '' ? [] : [parameterText(value)];
}

/**
 * A number as typed; text that is not a number is kept as text so that the server's check names
 * the parameter rather than the value silently disappearing. The draft is shown while typing
 * ("0." on the way to "0.8").
 */
function NumberParameter({ parameter, value, onChange, label }: LabelledProps) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <TextField
      label={label}
      size="small"
      sx={FIELD_WIDTH}
      helperText={parameter.hint}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      value={draft ?? parameterText(value)}
      onChange={(e) => {
        const text = e.target.value;
        setDraft(text);
        const number = Number(text);
        onChange(text.trim() === '' ? undefined : Number.isFinite(number) ? number : text);
      }}
      onBlur={() => setDraft(null)}
    />
  );
}

/** A column of the model, picked or typed (pseudo columns and old templates name others). */
function ColumnParameter({ parameter, value, columns, onChange, label }: LabelledProps) {
  const picked = value === undefined || value === null ? null : parameterText(value);
  return (
    <Autocomplete
      freeSolo
      options={columns}
      value={picked}
      onChange={(_e, next) => onChange(next === null ? undefined : textOrUndefined(next))}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input') onChange(textOrUndefined(text));
      }}
      size="small"
      sx={FIELD_WIDTH}
      renderInput={(params) => <TextField {...params} label={label} helperText={parameter.hint} />}
    />
  );
}

/** Several columns, saved as a JSON array (["hole_id"]). */
function ColumnsParameter({ parameter, value, columns, onChange, label }: LabelledProps) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={columns}
      value={columnList(value)}
      onChange={(_e, next) => onChange(next.length === 0 ? undefined : next)}
      size="small"
      sx={FIELD_WIDTH}
      renderInput={(params) => <TextField {...params} label={label} helperText={parameter.hint} />}
    />
  );
}

function BooleanParameter({ parameter, value, onChange, label }: LabelledProps) {
  return (
    <Stack sx={FIELD_WIDTH}>
      <FormControlLabel
        label={label}
        control={<Switch checked={value === true || value === 'true'} onChange={(e) => onChange(e.target.checked)} />}
      />
      <FormHelperText>{parameter.hint}</FormHelperText>
    </Stack>
  );
}

/** Free text; `raw` (a parameter nobody declared) reads JSON as typed: ["hole_id"], true, 3. */
function TextParameter({ parameter, value, onChange, label, raw }: LabelledProps & { raw: boolean }) {
  return (
    <TextField
      label={label}
      size="small"
      sx={FIELD_WIDTH}
      helperText={parameter.hint}
      value={parameterText(value)}
      onChange={(e) => onChange(raw ? parseParameter(e.target.value) : textOrUndefined(e.target.value))}
    />
  );
}

/**
 * One behavior parameter as the input its declared kind asks for: a column picker over the
 * model's columns, a column list, a number, a switch or text; raw JSON only without a declared
 * kind. The saved value is the template's plain JSON, as before.
 */
export function BehaviorParameterInput(props: BehaviorParameterInputProps) {
  const labelled = { ...props, label: props.parameter.label ?? props.parameter.name };
  switch (props.parameter.kind) {
    case 'column':
      return <ColumnParameter {...labelled} />;
    case 'columns':
      return <ColumnsParameter {...labelled} />;
    case 'number':
      return <NumberParameter {...labelled} />;
    case 'boolean':
      return <BooleanParameter {...labelled} />;
    case 'text':
      return <TextParameter {...labelled} raw={false} />;
    default:
      return <TextParameter {...labelled} raw />;
  }
}
