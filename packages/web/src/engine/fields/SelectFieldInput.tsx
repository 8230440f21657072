import { useState, type KeyboardEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SelectSource } from '@mdis/shared';
import type { FieldInputProps } from './fieldInputProps';
import { fieldHelper } from './textFieldProps';
import type { SelectOption } from './select/selectSourceRequest';
import { useSelectOptions } from './select/useSelectOptions';
import { chosenOptions, isMultiple, nextValue, type Choice } from './select/selectValue';

const NO_SOURCE: SelectSource = { type: 'list', listName: '' };

/**
 * Select from a list, a relation or the api (spec 1 §3): several values when `multiple`, and with
 * `allowFreeInput` a value not in the list, confirmed with Tab (spec 1 §5).
 */
export function SelectFieldInput(props: FieldInputProps) {
  const { field, value, onChange, formModel, disabled, readOnly } = props;
  const source = field.formInput.selectSource ?? NO_SOURCE;
  const multiple = isMultiple(field);
  const freeInput = field.formInput.allowFreeInput === true;
  // What the user typed: the search of relation sources (the shown text may be a chosen label).
  const [search, setSearch] = useState('');
  const selected = chosenOptions(value, []).map((option) => option.value);
  const { options, loading } = useSelectOptions(source, formModel, search, selected);
  const chosen = chosenOptions(value, options);

  const handleChange = (_event: unknown, next: Choice | Choice[] | null) => {
    onChange(nextValue(next, multiple));
  };

  // A free value is taken with Tab; focus then moves on as usual.
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const typed = event.target instanceof HTMLInputElement ? event.target.value.trim() : '';
    if (event.key !== 'Tab' || !freeInput || typed === '') return;
    const match = options.find((option) => option.text === typed);
    const entry: Choice = match ?? typed;
    onChange(nextValue(multiple ? [...chosen, entry] : entry, multiple));
    setSearch('');
  };

  return (
    <Autocomplete<SelectOption, boolean, false, boolean>
      id={`field-${field.name}`}
      multiple={multiple}
      freeSolo={freeInput}
      options={options}
      value={multiple ? chosen : (chosen[0] ?? null)}
      onChange={handleChange}
      onInputChange={(_event, text, reason) => {
        setSearch(reason === 'input' ? text : '');
      }}
      filterOptions={source.type === 'list' ? undefined : (all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.text)}
      isOptionEqualToValue={(option, chosenOption) => String(option.value) === String(chosenOption.value)}
      loading={loading}
      disabled={disabled}
      readOnly={readOnly}
      size="small"
      fullWidth
      onKeyDown={handleKeyDown}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          label={props.label}
          title={field.description ?? undefined}
          error={Boolean(props.error)}
          helperText={fieldHelper(props)}
        />
      )}
    />
  );
}
