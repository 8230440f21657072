import type { ModelTemplate } from '@mdis/shared';
import { sql } from 'kysely';
import type { Db } from '../../infra/db/schema';
import type { Random } from './random';

/**
 * Values for select columns, always taken from the value list the column's template names: a
 * demo record never holds a code its list does not know. A column whose list is missing or empty
 * stays NULL rather than getting an invented value.
 */
export interface SelectValues {
  /** `preferred` when the list has it, else a random item of the list; null without a list. */
  one(model: string, column: string, preferred?: string): string | null;
  /** `count` distinct items joined by ';' (how string_multiple columns are stored). */
  many(model: string, column: string, count: number): string | null;
  /** Every item of the column's list (empty without one). */
  all(model: string, column: string): readonly string[];
}

export async function loadListItems(db: Db): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ listname: string; display: string }>`
    SELECT l.listname, i.display FROM value_lists l JOIN value_list_items i ON i.list_id = l.id
    ORDER BY l.listname, i.sort, i.id`.execute(db);
  const lists = new Map<string, string[]>();
  for (const row of rows) {
    const items = lists.get(row.listname) ?? [];
    items.push(row.display);
    lists.set(row.listname, items);
  }
  return lists;
}

export function createSelectValues(
  models: ReadonlyMap<string, ModelTemplate>,
  lists: ReadonlyMap<string, readonly string[]>,
  random: Random,
): SelectValues {
  const all = (model: string, column: string): readonly string[] => {
    const listName = models.get(model)?.columns[column]?.selectListName;
    return listName ? (lists.get(listName) ?? []) : [];
  };
  return {
    all,
    one: (model, column, preferred) => {
      const items = all(model, column);
      if (items.length === 0) return null;
      return preferred !== undefined && items.includes(preferred) ? preferred : random.pick(items);
    },
    many: (model, column, count) => {
      const items = all(model, column);
      return items.length === 0 ? null : random.some(items, Math.max(1, count)).join(';');
    },
  };
}
