import type { BehaviorContext, BehaviorDefinition } from '../behavior-registry';
import {
  PARAMETER_MESSAGES,
  checkColumnParameters,
  columnOf,
  eachRecord,
  eachUpdate,
  numberParameter,
  textParameter,
} from './behavior-helpers';

/** Pads the leading digits of a text to `length`: "23" → "023", "23a" → "023a"; other texts stay. */
export function padLeadingDigits(value: string, length: number): string {
  const digits = /^\d+/.exec(value)?.[0];
  return digits === undefined ? value : digits.padStart(length, '0') + value.slice(digits.length);
}

function pad({ model, record, parameters }: BehaviorContext): void {
  const column = textParameter(parameters, 'column');
  const length = numberParameter(parameters, 'length');
  const type = columnOf(model, column)?.type;
  const value = record[column];
  // Numbers in integer columns cannot hold zeros: only text columns are padded (a number sent for
  // one counts as its digits).
  if (length === undefined || (type !== 'string' && type !== 'text')) return;
  if (typeof value === 'string') record[column] = padLeadingDigits(value, length);
  else if (typeof value === 'number' && Number.isInteger(value))
    record[column] = padLeadingDigits(String(value), length);
}

/** LeadingZeros (reference §7), before save: left-pad the leading digits of a text column. */
export const leadingZeros: BehaviorDefinition = {
  parameters: [
    { name: 'column', kind: 'column', hint: 'text column whose leading digits are padded' },
    { name: 'length', kind: 'number', hint: 'number of digits, bigger than 1 (3: "23" → "023")' },
  ],
  validate: (parameters, model) => {
    const length = numberParameter(parameters, 'length');
    return [
      ...checkColumnParameters(parameters, model, ['column']),
      ...(length !== undefined && length > 1 ? [] : [PARAMETER_MESSAGES.length]),
    ];
  },
  // Reads nothing but the record: in a batch of creates or updates, the same hook record by record.
  hooks: { beforeCreate: pad, beforeUpdate: pad, createMany: eachRecord(pad), updateMany: eachUpdate(pad) },
};
