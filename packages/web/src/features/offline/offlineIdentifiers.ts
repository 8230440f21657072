import {
  COMBINED_ID,
  behaviorName,
  booleanParameter,
  combinedIdNamingResolver,
  combinedIdOf,
  drillingCombinedIdNaming,
  isNumericColumnType,
  listParameter,
  nextValue,
  parentColumnOf,
  textParameter,
  textOf,
  type ModelTemplate,
} from '@mdis/shared';
import type { StoredRecord } from './offlineDb';
import { modelTemplate, storedRecordsOfModel } from './offlineStore';

/**
 * What the server assigns, computed in the browser for a record made offline with the same shared
 * rules the server's behaviors run (issue 22 item 2): the combined id, shown as pending until the
 * server has the record, and the next number of a group (UniqueCombinationAutoIncrement) as a default.
 */

type Row = Record<string, unknown>;

/** The part of a provisional identifier nobody knows yet: the server id of a record made offline. */
export const UNKNOWN_PART = '…';

// The server wires the drilling naming the same way (register-behaviors.ts).
const namingOf = combinedIdNamingResolver(drillingCombinedIdNaming);

/** A kept record as its children's identifiers read it: provisional values in place of pending ones. */
function asParent(row: StoredRecord): Row {
  const pending = new Set(row.pendingFields);
  const known = Object.entries(row.record).filter(([field]) => !pending.has(field));
  return { ...Object.fromEntries(known), ...row.provisional };
}

async function storedParent(model: ModelTemplate, parentModel: ModelTemplate, record: Row): Promise<Row | undefined> {
  const parentId = Number(record[parentColumnOf(model, parentModel)]);
  const row = (await storedRecordsOfModel(parentModel.fullName)).find((stored) => stored.id === parentId);
  return row && asParent(row);
}

/**
 * The combined id the server will give the record, as far as the kept records tell it (a record
 * named by its id gets UNKNOWN_PART for the id); {} when a part is missing.
 */
export async function provisionalValues(model: ModelTemplate | undefined, record: Row): Promise<Row> {
  const naming = model && Object.hasOwn(model.columns, COMBINED_ID) ? namingOf(model) : undefined;
  if (!model || !naming) return {};
  const own = naming.nameColumn === 'id' && Number(record.id) < 0 ? { ...record, id: UNKNOWN_PART } : record;
  let parent;
  if (model.parentModel) {
    const parentModel = await modelTemplate(model.parentModel);
    // A parent above the kept scope (the hole's site): its part is unknown here.
    if (!parentModel) return {};
    parent = {
      model: parentModel,
      naming: namingOf(parentModel),
      record: await storedParent(model, parentModel, record),
    };
  }
  const value = combinedIdOf(naming, own, parent);
  return value === null ? {} : { [COMBINED_ID]: value };
}

/**
 * The defaults of a new record offline: each UniqueCombinationAutoIncrement the model lists fills
 * its empty target with the next value of its group among the kept records (the server's rule).
 */
export async function offlineDefaults(model: ModelTemplate | undefined, values: Row): Promise<Row> {
  if (!model) return values;
  const filled = { ...values };
  const listed = model.behaviors.filter((b) => behaviorName(b) === 'UniqueCombinationAutoIncrementBehavior');
  if (listed.length === 0) return filled;
  const rows = await storedRecordsOfModel(model.fullName);
  for (const behavior of listed) {
    const parameters = behavior.parameters ?? {};
    const target = textParameter(parameters, 'fieldToFill');
    const searchFields = listParameter(parameters, 'searchFields');
    const column = Object.hasOwn(model.columns, target) ? model.columns[target] : undefined;
    const blank = (value: unknown) => textOf(value).trim() === '';
    if (!column || !blank(filled[target]) || searchFields.some((field) => blank(filled[field]))) continue;
    const group = rows.filter((row) =>
      searchFields.every((field) => textOf(row.record[field]) === textOf(filled[field])),
    );
    const numeric = isNumericColumnType(column.type);
    const useAlphabet = !numeric && booleanParameter(parameters, 'useAlphabet');
    const next = nextValue(
      group.map((row) => row.record[target]),
      useAlphabet,
    );
    filled[target] = numeric ? Number(next) : String(next);
  }
  return filled;
}
