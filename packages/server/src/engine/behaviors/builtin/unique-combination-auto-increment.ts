import { isNumericColumnType, lettersToNumber, nextValue, numberToLetters } from '@mdis/shared';
import { sql } from 'kysely';
import type { BehaviorContext, BehaviorDefinition, CreateManyContext } from '../behavior-registry';
import {
  booleanParameter,
  checkColumnParameters,
  columnOf,
  isBlank,
  listParameter,
  textOf,
  textParameter,
} from './behavior-helpers';

// The numbering rule itself (nextValue) is shared: the browser applies it offline (issue 22).
async function fill({ trx, model, record, parameters, engine }: BehaviorContext): Promise<void> {
  const target = textParameter(parameters, 'fieldToFill');
  const searchFields = listParameter(parameters, 'searchFields');
  const column = columnOf(model, target);
  // Only an empty target is filled: a value the user typed (or a stored one) stays as it is.
  if (!column || !isBlank(record[target])) return;
  if (searchFields.some((field) => !Object.hasOwn(model.columns, field) || isBlank(record[field]))) return;
  const numeric = isNumericColumnType(column.type);
  // Letters only fit a text column: a number column counts on with numbers.
  const useAlphabet = booleanParameter(parameters, 'useAlphabet') && !numeric;
  // Parallel creates in the group wait here for each other: each reads the numbers the previous committed.
  await engine?.lockGroup(model.table, Object.fromEntries(searchFields.map((field) => [field, record[field]])));
  const group = searchFields.map((field) => sql`${sql.ref(field)} = ${record[field]}`);
  const where = group.length > 0 ? sql` WHERE ${sql.join(group, sql` AND `)}` : sql``;
  // Names come from the model template (checked above), never from request text. The group is
  // small (holes of a site, cores of a hole): reading its values lets numbers in string columns
  // compare as numbers on both dialects.
  const { rows } = await sql<{ value: unknown }>`SELECT DISTINCT ${sql.ref(target)} AS value FROM ${sql.table(
    model.table,
  )}${where}`.execute(trx);
  const next = nextValue(
    rows.map((row) => row.value),
    useAlphabet,
  );
  record[target] = numeric ? Number(next) : String(next);
}

/** The largest number and the largest letters (as a number) a group holds: what nextValue starts from. */
interface GroupTop {
  number: number;
  letters: number;
}

function raise(top: GroupTop, value: unknown): void {
  const text = textOf(value).trim();
  if (/^\d+$/.test(text)) top.number = Math.max(top.number, Number(text));
  if (/^[A-Za-z]+$/.test(text)) top.letters = Math.max(top.letters, lettersToNumber(text));
}

/**
 * fill() for a batch of creates: each group's values read once per import (under its lock), then
 * the next numbers counted on in memory, record by record in file order, as fill() would give them
 * one insert after the other (a number typed into a record counts for the records after it).
 */
async function fillMany({ trx, model, records, parameters, engine, memo }: CreateManyContext): Promise<void> {
  const target = textParameter(parameters, 'fieldToFill');
  const searchFields = listParameter(parameters, 'searchFields');
  const column = columnOf(model, target);
  if (!column || searchFields.some((field) => !Object.hasOwn(model.columns, field))) return;
  const numeric = isNumericColumnType(column.type);
  const useAlphabet = booleanParameter(parameters, 'useAlphabet') && !numeric;
  for (const record of records) {
    if (searchFields.some((field) => isBlank(record[field]))) continue;
    const group = Object.fromEntries(searchFields.map((field) => [field, record[field]]));
    const key = `UniqueCombinationAutoIncrement:${model.table}:${target}:${JSON.stringify(group)}`;
    let top = memo.get(key) as GroupTop | undefined;
    if (!top) {
      await engine.lockGroup(model.table, group);
      const where = searchFields.map((field) => sql`${sql.ref(field)} = ${record[field]}`);
      const condition = where.length > 0 ? sql` WHERE ${sql.join(where, sql` AND `)}` : sql``;
      const { rows } = await sql<{ value: unknown }>`SELECT DISTINCT ${sql.ref(target)} AS value FROM ${sql.table(
        model.table,
      )}${condition}`.execute(trx);
      top = { number: 0, letters: 0 };
      for (const row of rows) raise(top, row.value);
      memo.set(key, top);
    }
    if (isBlank(record[target])) {
      const next = useAlphabet ? numberToLetters(top.letters + 1) : top.number + 1;
      record[target] = numeric ? Number(next) : String(next);
    }
    raise(top, record[target]);
  }
}

/**
 * UniqueCombinationAutoIncrement (reference §7): the next number (or letter) within the group of
 * records sharing the searchFields' values. On defaults, and before a create whose target is
 * still empty, so that a record created through the API without the number gets one too.
 */
export const uniqueCombinationAutoIncrement: BehaviorDefinition = {
  parameters: [
    { name: 'searchFields', kind: 'columns', hint: 'columns whose values form the group, e.g. hole_id' },
    { name: 'fieldToFill', kind: 'column', hint: 'column that receives the next value of the group' },
    { name: 'useAlphabet', kind: 'boolean', hint: 'true: next letter (A, B, … Z, AA) instead of the next number' },
  ],
  validate: (parameters, model) => checkColumnParameters(parameters, model, ['searchFields', 'fieldToFill']),
  hooks: {
    defaults: fill,
    beforeCreate: fill,
    // Each group's values are read by its columns (fillMany).
    createMany: { before: fillMany, readsBy: (parameters) => listParameter(parameters, 'searchFields') },
  },
};
