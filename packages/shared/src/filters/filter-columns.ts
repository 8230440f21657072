import { fieldTypeOf } from '../field-types/registry';
import type { ColumnKind } from './filter-ast';

// Apart from the parser on purpose: the web app's first render asks which columns can be
// filtered, and the parser brings the regex engine (re2js, 46 kB gzip), needed only once a filter is read.

/** What a filter needs to know about a column: its kind and, for list columns, the list. */
export interface FilterColumnInfo {
  kind: ColumnKind;
  listName?: string;
}

/** The operators (URL prefixes) a filter bar may offer per column kind. */
export const FILTER_OPERATORS_BY_KIND = {
  number: ['=', '!=', '<', '<=', '>', '>=', '==NULL', '!==NULL'],
  text: ['=', '!=', '==', '!==', '<', '<=', '>', '>=', '==NULL', '!==NULL'],
  date: ['=', '!=', '==', '!==', '<', '<=', '>', '>=', '==NULL', '!==NULL'],
  list: ['=', '!=', '==', '!==', '==NULL', '!==NULL'],
  boolean: ['=', '!=', '==NULL', '!==NULL'],
} as const satisfies Record<ColumnKind, readonly string[]>;

/**
 * The filter kind of a template column: numbers, booleans, dates (date, dateTime, time), text;
 * a column with a `selectListName` is a `list` column. Relation columns give undefined.
 * @example filterColumnInfo({ type: 'string', selectListName: 'CORE_TYPE' }) // { kind: 'list', listName: 'CORE_TYPE' }
 */
export function filterColumnInfo(column: {
  type: string;
  selectListName?: string | null | undefined;
}): FilterColumnInfo | undefined {
  // The column type's registry entry says its kind; relation types have none.
  const kind = fieldTypeOf(column.type)?.filterKind;
  if (kind === undefined) return undefined;
  if (kind === 'text' && column.selectListName) return { kind: 'list', listName: column.selectListName };
  return { kind };
}
