import { fieldLabel, valueText, type FormTemplate } from '@mdis/shared';
import type { QueuedOperation } from './syncQueue';

/** One field of a conflict: the server's value and the user's, and which one is kept. */
export interface ConflictField {
  name: string;
  label: string;
  server: unknown;
  mine: unknown;
  /** Changed on the server since the user took the record offline. */
  changedOnServer: boolean;
}

export type Choice = 'server' | 'mine';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields where the user's change and the server's record disagree, in the form's order. */
export function conflictFields(op: QueuedOperation, form: FormTemplate | undefined): ConflictField[] {
  const server = op.refused?.record ?? {};
  const mine = op.values ?? {};
  const changed = new Set(op.refused?.serverChanges ?? []);
  // read-only fields (formulas, numbers the server assigns) follow the server: nothing to choose
  const names = form
    ? form.fields.filter((field) => !field.formInput.disabled).map((field) => field.name)
    : Object.keys(mine);
  return names
    .filter((name) => Object.hasOwn(mine, name) && !same(server[name], mine[name]))
    .map((name) => ({
      name,
      label: fieldLabel(form?.fields.find((field) => field.name === name)),
      server: server[name],
      mine: mine[name],
      changedOnServer: changed.has(name),
    }));
}

/** The values to send again: the user's, with the server's where the user chose them (and read-only ones). */
export function resolvedValues(
  op: QueuedOperation,
  fields: readonly ConflictField[],
  choices: Readonly<Record<string, Choice>>,
  form?: FormTemplate,
): Record<string, unknown> {
  const server = op.refused?.record ?? {};
  const values = { ...(op.values ?? {}) };
  for (const field of form?.fields ?? [])
    if (field.formInput.disabled && Object.hasOwn(values, field.name) && Object.hasOwn(server, field.name))
      values[field.name] = server[field.name];
  for (const field of fields) if (choices[field.name] === 'server') values[field.name] = field.server;
  return values;
}

export const shownValue = (value: unknown): string => valueText(value) || '(empty)';
