import {
  acceptsFormValidator,
  allowedInputTypes,
  FORM_MESSAGES,
  normalizeListName,
  type ColumnTemplate,
  type FieldValidator,
  type FormField,
  type FormInput,
  type InputType,
  type SelectSource,
} from '@mdis/shared';

/**
 * Per-field settings of the form editor and the template manager's rules that bind them (spec 3 §5):
 * input types by column type, required forced for database-required columns, number validators on
 * numbers and string validators on strings, disabled forced by a calculate.
 */

export type ValidatorKind = 'required' | 'number' | 'string';
export type SelectSourceType = SelectSource['type'];

/** The input types the column type allows; an unknown column type is an error, as in the original (spec 3 §5). */
export function inputTypesFor(column: ColumnTemplate | undefined): { types: readonly InputType[]; error?: string } {
  if (!column) return { types: [], error: 'The column is not in the data model.' };
  try {
    return { types: allowedInputTypes(column.type) };
  } catch (error) {
    return { types: [], error: error instanceof Error ? error.message : String(error) };
  }
}

/** The message when the field's input type is not among those of its column, else null. */
export function inputTypeError(field: FormField, column: ColumnTemplate | undefined): string | null {
  const { types, error } = inputTypesFor(column);
  if (error) return error;
  if (column && !types.includes(field.formInput.type))
    return FORM_MESSAGES.inputType(field.formInput.type, column.type);
  return null;
}

export interface ValidatorOption {
  kind: ValidatorKind;
  /** Shown for this column at all. */
  applies: boolean;
  /** The user cannot change it (forced on, or meaningless for the column). */
  locked: boolean;
  checked: boolean;
}

const hasValidator = (field: FormField, kind: ValidatorKind) => field.validators.some((v) => v.type === kind);

/**
 * required: forced on when the database requires the column, unavailable for pseudo columns;
 * number only for integer/double; string only for string/string_multiple.
 */
export function validatorOptions(field: FormField, column: ColumnTemplate | undefined): ValidatorOption[] {
  const type = column?.type ?? '';
  const pseudo = type === 'pseudo';
  const forced = Boolean(column?.required) && !pseudo;
  return [
    {
      kind: 'required',
      applies: true,
      locked: forced || pseudo,
      checked: !pseudo && (forced || hasValidator(field, 'required')),
    },
    {
      kind: 'number',
      applies: acceptsFormValidator(type, 'number'),
      locked: false,
      checked: hasValidator(field, 'number'),
    },
    {
      kind: 'string',
      applies: acceptsFormValidator(type, 'string'),
      locked: false,
      checked: hasValidator(field, 'string'),
    },
  ];
}

/** Turns a validator on or off; a locked one stays as the rules force it. */
export function toggleValidator(
  field: FormField,
  column: ColumnTemplate | undefined,
  kind: ValidatorKind,
  on: boolean,
): FormField {
  const option = validatorOptions(field, column).find((o) => o.kind === kind);
  if (!option?.applies || option.locked) return field;
  const others = field.validators.filter((v) => v.type !== kind);
  const validators: FieldValidator[] = on ? [...others, { type: kind }] : others;
  return { ...field, validators };
}

/** The validator that carries min and max: number for numeric columns, string for text ones. */
export function rangeValidatorKind(column: ColumnTemplate | undefined): 'number' | 'string' | null {
  if (column && acceptsFormValidator(column.type, 'number')) return 'number';
  if (column && acceptsFormValidator(column.type, 'string')) return 'string';
  return null;
}

/** min/max typed by the user: '' clears it, anything not numeric is refused with the shared message. */
export function parseBound(key: 'min' | 'max', text: string): { value: number | null; error?: string } {
  if (text.trim() === '') return { value: null };
  const value = Number(text);
  return Number.isFinite(value) ? { value } : { value: null, error: FORM_MESSAGES.numeric(key) };
}

export function setBound(field: FormField, kind: 'number' | 'string', key: 'min' | 'max', value: number | null) {
  const existing = field.validators.find((v) => v.type === kind);
  const validator: FieldValidator = { ...(existing ?? { type: kind }), [key]: value };
  const others = field.validators.filter((v) => v !== existing);
  return { ...field, validators: [...others, validator] };
}

/** A non-empty calculate forces the input disabled (spec 3 §5). */
export function isDisabledForced(input: FormInput): boolean {
  return (input.calculate ?? '').trim() !== '';
}

export function withInput(field: FormField, patch: Partial<FormInput>): FormField {
  const formInput = { ...field.formInput, ...patch };
  if (isDisabledForced(formInput)) formInput.disabled = true;
  return { ...field, formInput };
}

/** A new select source of `type`; a list defaults to textField remark and valueField display. */
export function selectSourceOf(type: SelectSourceType, previous?: SelectSource | null): SelectSource {
  if (type === 'list') return { type, listName: previous?.listName ?? '', textField: 'remark', valueField: 'display' };
  return { type, model: previous?.model ?? '', textField: '', valueField: '', extraFilter: '' };
}

/**
 * The field as the editor sends it: forced required, disabled calculated inputs, list names
 * upper-cased when not among the known value lists (left to the server when they could not be
 * read: null), list fields defaulted.
 */
export function normalizedField(
  field: FormField,
  column: ColumnTemplate | undefined,
  listNames: readonly string[] | null,
): FormField {
  let validators = field.validators.filter((v) => v.type !== 'required');
  const pseudo = column?.type === 'pseudo';
  if (!pseudo && (column?.required || hasValidator(field, 'required')))
    validators = [{ type: 'required' }, ...validators];
  const formInput = { ...field.formInput };
  if (isDisabledForced(formInput)) formInput.disabled = true;
  const source = formInput.selectSource;
  if (formInput.type !== 'select') delete formInput.selectSource;
  else if (source?.type === 'list')
    formInput.selectSource = {
      ...source,
      listName: source.listName && listNames ? normalizeListName(source.listName, listNames) : source.listName,
      textField: source.textField || 'remark',
      valueField: source.valueField || 'display',
    };
  return { ...field, validators, formInput };
}
