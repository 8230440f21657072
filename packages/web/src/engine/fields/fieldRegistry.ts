import type { ComponentType } from 'react';
import { AutoIncrementFieldInput } from './AutoIncrementFieldInput';
import { CalculatedFieldInput } from './CalculatedFieldInput';
import { DateFieldInput } from './DateFieldInput';
import { DateTimeFieldInput } from './DateTimeFieldInput';
import type { FieldInputKind } from './fieldKind';
import type { FieldInputProps } from './fieldInputProps';
import { NumberFieldInput } from './NumberFieldInput';
import { SelectFieldInput } from './SelectFieldInput';
import { SwitchFieldInput } from './SwitchFieldInput';
import { TextareaFieldInput } from './TextareaFieldInput';
import { TextFieldInput } from './TextFieldInput';
import { TimeFieldInput } from './TimeFieldInput';
import { UnsupportedFieldInput } from './UnsupportedFieldInput';

/**
 * One input component per input type, so nothing switches over types (STYLE rule 3). Adding a kind to
 * FieldInputKind without an
 * entry here is a compile error; the panel never switches over types.
 */
export const FIELD_INPUTS = {
  text: TextFieldInput,
  textarea: TextareaFieldInput,
  number: NumberFieldInput,
  date: DateFieldInput,
  time: TimeFieldInput,
  datetime: DateTimeFieldInput,
  select: SelectFieldInput,
  switch: SwitchFieldInput,
  autoIncrement: AutoIncrementFieldInput,
  calculated: CalculatedFieldInput,
  unsupported: UnsupportedFieldInput,
} as const satisfies Record<FieldInputKind, ComponentType<FieldInputProps>>;
