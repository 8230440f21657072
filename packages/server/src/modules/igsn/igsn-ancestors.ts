import { type ModelTemplate, parseModelTemplate } from '@mdis/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { textOf } from '../../engine/records/dynamic-db';
import { parentColumnOf } from '../../engine/records/record-model';
import { templateDb } from '../../engine/templates/templates.repository';
import type { ParentLink } from '../../engine/behaviors/behavior-registry';

/** A value wanted from the record or one of its ancestors: the expedition code `{ model: 'Expedition', column: 'code' }`. */
export interface AncestorValue {
  model: string;
  column: string;
}

interface ChainLevel {
  template: ModelTemplate;
  /** The FK on the level below pointing at this one. */
  idColumn: string;
}

/** The parent of a model with the column pointing at it (BehaviorEngine.parentOf). */
export type ParentOf = (model: ModelTemplate) => Promise<ParentLink | undefined>;

/**
 * The parent lookup from the templates table, read through the given connection, for callers
 * without a behavior engine. Behaviors run inside the write transaction: on SQLite that
 * transaction holds the only connection, so the templates cannot come from another connection.
 * One query for every model template.
 */
export function parentsFromDb(db: Kysely<never>): ParentOf {
  let loaded: Promise<Map<string, unknown>> | undefined;
  return async (model) => {
    loaded ??= templateDb(db)
      .selectFrom('templates')
      .select(['name', 'data'])
      .where('kind', '=', 'model')
      .execute()
      .then((rows) => new Map(rows.map((row) => [row.name, row.data])));
    const json = model.parentModel ? (await loaded).get(model.parentModel) : undefined;
    if (json === undefined) return undefined;
    const parent = parseModelTemplate(json);
    return { child: model, parent, parentColumn: parentColumnOf(model, parent) };
  };
}

/** A parent lookup that asks `parentOf` once per model (each answer copies a template). */
export function parentsOnce(parentOf: ParentOf): ParentOf {
  const links = new Map<string, ReturnType<ParentOf>>();
  return (model) => {
    let found = links.get(model.fullName);
    if (!found) {
      found = parentOf(model);
      links.set(model.fullName, found);
    }
    return found;
  };
}

/** The parent chain of a model, nearest first, up to `depth` levels. */
async function parentChain(parentOf: ParentOf, model: ModelTemplate, depth: number): Promise<ChainLevel[]> {
  const chain: ChainLevel[] = [];
  const seen = new Set([model.fullName]);
  let child = model;
  while (chain.length < depth) {
    const link = await parentOf(child);
    if (!link || seen.has(link.parent.fullName)) break;
    seen.add(link.parent.fullName);
    chain.push({ template: link.parent, idColumn: link.parentColumn });
    child = link.parent;
  }
  return chain;
}

/** How many parent levels up the first chain that could hold a wanted model reaches (its full length). */
const MAX_DEPTH = 16;

/**
 * The wanted values for a record: from the record itself when the model is its own, else from the
 * ancestors (one query joining the parent chain from the record's parent). A value whose model
 * is not in the chain, or whose column it lacks, stays undefined.
 */
export async function ancestorValues(
  db: Kysely<never>,
  parentOf: ParentOf,
  model: ModelTemplate,
  record: Readonly<Record<string, unknown>>,
  wanted: Record<string, AncestorValue>,
): Promise<Record<string, string | undefined>> {
  const result: Record<string, string | undefined> = {};
  const fromAncestors = Object.entries(wanted).filter(([key, want]) => {
    if (want.model !== model.fullName) return true;
    result[key] = Object.hasOwn(model.columns, want.column) ? textOf(record[want.column]) || undefined : undefined;
    return false;
  });
  if (fromAncestors.length === 0 || !model.parentModel) return result;
  const chain = await parentChain(parentOf, model, MAX_DEPTH);
  const parentId = chain[0] ? record[chain[0].idColumn] : undefined;
  if (!chain[0] || parentId === null || parentId === undefined) return result;

  const selections: RawBuilder<unknown>[] = [];
  let depth = 0;
  for (const [key, want] of fromAncestors) {
    const level = chain.findIndex((c) => c.template.fullName === want.model);
    if (level < 0 || !Object.hasOwn(chain[level]?.template.columns ?? {}, want.column)) continue;
    selections.push(sql`${sql.ref(`a${String(level + 1)}.${want.column}`)} AS ${sql.id(key)}`);
    depth = Math.max(depth, level + 1);
  }
  if (selections.length === 0) return result;
  // Table and column names come from the loaded templates only.
  const joins = chain.slice(1, depth).map((level, index) => {
    const alias = `a${String(index + 2)}`;
    const below = `a${String(index + 1)}`;
    return sql`LEFT JOIN ${sql.table(level.template.table)} AS ${sql.id(alias)} ON ${sql.ref(`${alias}.id`)} = ${sql.ref(`${below}.${level.idColumn}`)}`;
  });
  const query = sql<
    Record<string, unknown>
  >`SELECT ${sql.join(selections)} FROM ${sql.table(chain[0].template.table)} AS a1 ${sql.join(joins, sql` `)} WHERE a1.id = ${Number(parentId)}`;
  const row = (await query.execute(db)).rows[0] ?? {};
  for (const [key] of fromAncestors) if (Object.hasOwn(row, key)) result[key] = textOf(row[key]) || undefined;
  return result;
}

/**
 * The wanted values of many records of a model at once (the back-fill): one query joining the
 * parent chain from the model's own table, `id → { key: value }`. Values of the model itself
 * come from its own columns.
 */
export async function ancestorValuesOfRecords(
  db: Kysely<never>,
  parentOf: ParentOf,
  model: ModelTemplate,
  ids: readonly number[],
  wanted: Record<string, AncestorValue>,
): Promise<Map<number, Record<string, string | undefined>>> {
  const result = new Map<number, Record<string, string | undefined>>(ids.map((id) => [id, {}]));
  if (ids.length === 0) return result;
  const chain = model.parentModel ? await parentChain(parentOf, model, MAX_DEPTH) : [];
  // Level 0 is the model itself (alias a0), level n its n-th ancestor (alias an).
  const levels = [{ template: model, idColumn: '' }, ...chain];
  const selections: RawBuilder<unknown>[] = [sql`a0.id AS ${sql.id('__id')}`];
  let depth = 0;
  for (const [key, want] of Object.entries(wanted)) {
    const level = levels.findIndex((c) => c.template.fullName === want.model);
    if (level < 0 || !Object.hasOwn(levels[level]?.template.columns ?? {}, want.column)) continue;
    selections.push(sql`${sql.ref(`a${String(level)}.${want.column}`)} AS ${sql.id(key)}`);
    depth = Math.max(depth, level);
  }
  // Table and column names come from the loaded templates only.
  const joins = chain.slice(0, depth).map((level, index) => {
    const alias = `a${String(index + 1)}`;
    const below = `a${String(index)}`;
    return sql`LEFT JOIN ${sql.table(level.template.table)} AS ${sql.id(alias)} ON ${sql.ref(`${alias}.id`)} = ${sql.ref(`${below}.${level.idColumn}`)}`;
  });
  const query = sql<
    Record<string, unknown>
  >`SELECT ${sql.join(selections)} FROM ${sql.table(model.table)} AS a0 ${sql.join(joins, sql` `)} WHERE a0.id IN (${sql.join(ids.map(Number))})`;
  for (const row of (await query.execute(db)).rows) {
    const values: Record<string, string | undefined> = {};
    for (const key of Object.keys(wanted)) if (Object.hasOwn(row, key)) values[key] = textOf(row[key]) || undefined;
    result.set(Number(row.__id), values);
  }
  return result;
}
