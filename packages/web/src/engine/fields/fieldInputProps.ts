import type { FormField } from '@mdis/shared';
import type { FormRecord } from '../record-panel/types';

/**
 * What every input of the field registry receives (every field type is one registry entry, no
 * switch over types; STYLE rule 3): one component per input type,
 * knowing only its value, how to report a new one, and how to look. The panel decides the rest.
 */
export interface FieldInputProps {
  field: FormField;
  /** The label as shown: required fields carry a leading '*'. */
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The whole record, for inputs that depend on other fields (select filters). */
  formModel: FormRecord;
  /** The message under the field (client validation or the server's 422). */
  error?: string;
  /** The string max counter, e.g. '3 / 10'. */
  counter?: string;
  /** The template disables the input (or it is calculated). */
  disabled: boolean;
  /** The view scenario: shown, not editable. */
  readOnly: boolean;
}
