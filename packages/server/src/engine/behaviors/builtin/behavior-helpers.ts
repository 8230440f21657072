import {
  type ColumnTemplate,
  type ModelTemplate,
  booleanParameter,
  listParameter,
  numberParameter,
  textParameter,
} from '@mdis/shared';
import type {
  BehaviorContext,
  BehaviorEngine,
  CreateManyContext,
  CreateManyHooks,
  PresentContext,
  RecordValues,
  UpdateManyContext,
  UpdateManyHooks,
} from '../behavior-registry';

/** Empty as the original's behaviors see it: no value, or an empty string. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

// Template parameters are read by shared rules (the browser reads them offline too).
export { booleanParameter, listParameter, numberParameter, textParameter };

/** The engine callbacks; the records service always wires them, a missing one is a programming error. */
export function engineOf(context: BehaviorContext | PresentContext): BehaviorEngine {
  if (!context.engine) throw new Error('This behavior needs the records engine (context.engine).');
  return context.engine;
}

/** Values compared as the user sees them: 12 and "12" are the same. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isBlank(a) && isBlank(b)) return true;
  return String(a) === String(b);
}

// Parameter checks of the template manager, worded as the original's (reference §7).
export const PARAMETER_MESSAGES = {
  empty: (parameter: string) => `${parameter} cannot be empty`,
  noColumn: (column: string) => `${column} does not exist in the current model`,
  limit: 'limit must be a number bigger than 0',
  length: "The property 'length' must be bigger than 1",
};

/** "<param> cannot be empty" for every empty one, "<col> does not exist…" for every unknown column. */
export function checkColumnParameters(
  parameters: Record<string, unknown>,
  model: ModelTemplate,
  names: readonly string[],
): string[] {
  return names.flatMap((name) => {
    const columns = name === 'searchFields' ? listParameter(parameters, name) : [textParameter(parameters, name)];
    if (columns.length === 0 || columns.includes('')) return [PARAMETER_MESSAGES.empty(name)];
    return columns.filter((c) => !Object.hasOwn(model.columns, c)).map((c) => PARAMETER_MESSAGES.noColumn(c));
  });
}

/** A column of the model by name, undefined when the model has none (template parameters may be wrong). */
export function columnOf(model: ModelTemplate, name: string): ColumnTemplate | undefined {
  return Object.hasOwn(model.columns, name) ? model.columns[name] : undefined;
}

/** A stored value as text ('' for none): numbers and texts as written, anything else as JSON. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The record's value of `column`, or undefined when the draft does not hold it yet. */
export function valueOf(record: RecordValues, column: string): unknown {
  return Object.hasOwn(record, column) ? record[column] : undefined;
}

/**
 * The batch form of a create hook that reads nothing but the record itself (no query, no other
 * record): the hook run on each record in turn, a throw failing that record alone.
 */
export function eachRecord(hook: (context: BehaviorContext) => Promise<void> | void): CreateManyHooks {
  return {
    before: async (context: CreateManyContext) => {
      const { trx, model, parameters, records, engine } = context;
      for (const [index, record] of records.entries()) {
        try {
          await hook({ trx, model, parameters, record, engine });
        } catch (error) {
          context.fail(index, error);
        }
      }
    },
  };
}

/**
 * The batch form of an update hook that reads nothing but the record and its stored values (no
 * query, no other record): the hook run on each record in turn, a throw failing that record alone.
 */
export function eachUpdate(hook: (context: BehaviorContext) => Promise<void> | void): UpdateManyHooks {
  return {
    before: async (context: UpdateManyContext) => {
      const { trx, model, parameters, records, previous, engine } = context;
      for (const [index, record] of records.entries()) {
        try {
          await hook({ trx, model, parameters, record, previous: previous[index], engine });
        } catch (error) {
          context.fail(index, error);
        }
      }
    },
  };
}
