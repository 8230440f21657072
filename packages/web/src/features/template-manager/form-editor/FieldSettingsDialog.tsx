import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ColumnTemplate, FormField, InputType } from '@mdis/shared';
import { inputTypeError, inputTypesFor, isDisabledForced, selectSourceOf, withInput } from './fieldSettings';
import { SelectSourceSettings } from './SelectSourceSettings';
import { ValidatorSettings } from './ValidatorSettings';
import { DialogHeader } from '../../../ui/DialogHeader';

export interface FieldSettingsDialogProps {
  field: FormField;
  column: ColumnTemplate | undefined;
  listNames: readonly string[];
  onApply: (field: FormField) => void;
  onClose: () => void;
}

type TextKey = 'label' | 'description' | 'formatter';

interface InputSettingsProps {
  field: FormField;
  column: ColumnTemplate | undefined;
  onChange: (field: FormField) => void;
}

/** Which language a formula is written in, with an example (the server's parser checks it on save). */
export const FORMULA_HINT =
  "mDIS expression: [column] references with + - * / and . to join text, e.g. [top] + [sample_length] or [hole] . '_' . [core]. A calculated input is always disabled.";

/** The input type among those the column type allows (else an error), calculate and disabled. */
function InputSettings({ field, column, onChange }: InputSettingsProps) {
  const { types } = inputTypesFor(column);
  const typeError = inputTypeError(field, column);
  const input = field.formInput;
  // A formula forces the input disabled; clearing it gives the field back its own setting (enabled).
  const handleCalculate = (calculate: string) => {
    const cleared = calculate.trim() === '' && (input.calculate ?? '').trim() !== '';
    onChange(withInput(field, cleared ? { calculate, disabled: false } : { calculate }));
  };
  const handleType = (type: InputType) => {
    const patch = type === 'select' && !input.selectSource ? { type, selectSource: selectSourceOf('list') } : { type };
    onChange(withInput(field, patch));
  };
  return (
    <>
      <TextField
        select
        label="Input type"
        size="small"
        value={types.includes(input.type) ? input.type : ''}
        onChange={(event) => handleType(event.target.value as InputType)}
      >
        {types.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      {typeError && <Alert severity="error">{typeError}</Alert>}
      <TextField
        label="Calculate"
        size="small"
        value={input.calculate ?? ''}
        helperText={FORMULA_HINT}
        onChange={(event) => handleCalculate(event.target.value)}
      />
      <FormControlLabel
        control={
          <Switch
            checked={Boolean(input.disabled)}
            disabled={isDisabledForced(input)}
            onChange={(_event, on) => onChange(withInput(field, { disabled: on }))}
          />
        }
        label="Disabled"
      />
    </>
  );
}

/** The settings of one placed field: texts, input type (by the column type), validators, select source, calculate. */
export function FieldSettingsDialog({ field: initial, column, listNames, onApply, onClose }: FieldSettingsDialogProps) {
  const [field, setField] = useState(initial);
  const [boundsValid, setBoundsValid] = useState(true);
  const typeError = inputTypeError(field, column);
  const input = field.formInput;
  const text = (key: TextKey, label: string, multiline = false) => (
    <TextField
      label={label}
      size="small"
      multiline={multiline}
      value={field[key] ?? ''}
      onChange={(event) => setField({ ...field, [key]: event.target.value })}
    />
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="field-settings-title" fullWidth maxWidth="sm">
      <DialogHeader id="field-settings-title" onClose={onClose}>{`Field ${field.name}`}</DialogHeader>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {column && (
            <Typography variant="body2" color="text.secondary">
              Column type {column.type}
              {column.required ? ', required in the database' : ''}
            </Typography>
          )}
          {text('label', 'Label')}
          {text('description', 'Description', true)}
          {text('formatter', 'Formatter')}
          <InputSettings field={field} column={column} onChange={setField} />
          <Divider textAlign="left">Validators</Divider>
          <ValidatorSettings field={field} column={column} onChange={setField} onBoundsValid={setBoundsValid} />
          {input.type === 'select' && (
            <>
              <Divider textAlign="left">Select source</Divider>
              <SelectSourceSettings
                input={input}
                listNames={listNames}
                onChange={(patch) => setField(withInput(field, patch))}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={typeError !== null || !boundsValid}
          onClick={() => {
            onApply(field);
            onClose();
          }}
        >
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
