import {
  AppError,
  type AsyncListQuery,
  type FilterDataModel,
  type FilterListsQuery,
  type PermissionHolder,
  parseSortTerms,
} from '@mdis/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type Row, textOf } from './dynamic-db';
import { assertLookupColumns, lookupGrant } from './lookup-access';
import { type RecordScope, withScope } from './record-access';
import { queryColumns } from './record-columns';
import { type OrderTerm, filterConditions, orderTerms } from './record-query';
import { loadRecordModel } from './record-model';
import { type RecordTargetRef, resolveTarget } from './record-target';
import type { RecordsDeps } from './records-deps';
import { authorize } from './steps/authorize';

export const DEFAULT_ASYNC_LIST_LIMIT = 100;

interface FilterListRequest {
  model: string;
  require: { as: string; value: unknown } | null;
}

function parseModelsParam(raw: FilterListsQuery['models']): FilterListRequest[] {
  return [raw ?? []].flat().map((item) => {
    try {
      const parsed = JSON.parse(item) as Partial<FilterListRequest>;
      if (typeof parsed.model !== 'string') throw new Error('model');
      const require = parsed.require && typeof parsed.require.as === 'string' ? parsed.require : null;
      return { model: parsed.model, require };
    } catch {
      throw new AppError('BAD_REQUEST', `Invalid query parameter 'models': ${item}`);
    }
  });
}

function likePrefix(q: string): string {
  // `_`, `%` and the escape character itself are taken literally.
  return `${q.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

async function optionsOf(
  deps: RecordsDeps,
  definition: FilterDataModel,
  require: FilterListRequest['require'],
  scope: RecordScope,
): Promise<Row[]> {
  const { templates, repository } = deps;
  const model = await loadRecordModel(templates, definition.model);
  const columns = queryColumns(model);
  const names = [definition.value, definition.text, ...(require ? [require.as] : [])];
  const unknown = names.find((name) => !columns.has(name));
  if (unknown) throw new AppError('BAD_REQUEST', `Unknown column "${unknown}" in the filter of ${model.fullName}.`);
  const pick = (name: string, as: string) => ({
    ...(columns.get(name) as NonNullable<ReturnType<typeof columns.get>>),
    name: as,
  });
  const selected = [pick(definition.value, 'value'), pick(definition.text, 'text')];
  if (require) selected.push(pick(require.as, require.as));
  if (require && columns.get(require.as)?.kind === 'number' && !/^-?\d+(\.\d+)?$/.test(textOf(require.value))) {
    throw new AppError('BAD_REQUEST', `Invalid query parameter 'models': ${require.as} must be a number.`);
  }
  const required = require
    ? {
        sql: [sql<SqlBool>`${pick(require.as, require.as).ref} = ${require.value}`],
        level: columns.get(require.as)?.level ?? 0,
      }
    : { sql: [], level: 0 };
  // The options are records of their own model: a limited user sees only those under its prefixes.
  const where = withScope(model, required, scope);
  const order: OrderTerm[] = [{ ...selected[1], direction: 'asc' }, ...orderTerms(model, [])];
  return repository.select(model, { columns: selected, where, order });
}

/**
 * GET async-lists: `fields=text,value` columns, `q` as a prefix of the text, the selected
 * `value`s first, `sort` required; capped, with totalCount only when capped. Only the records
 * (and, for a select-only grant, the columns) the user may read (lookup-access.ts).
 */
async function asyncList(
  deps: RecordsDeps,
  user: PermissionHolder,
  ref: RecordTargetRef,
  query: Omit<AsyncListQuery, 'name'>,
): Promise<{ items: Row[]; totalCount?: number }> {
  const { templates, repository, dialect } = deps;
  const target = await resolveTarget(templates, ref);
  const grant = await lookupGrant(templates, user, target);
  const { model } = target;
  const columns = queryColumns(model);
  const { fields, value: selectedValues } = query;
  const sortParam = query.sort;
  if (!sortParam) throw new AppError('BAD_REQUEST', 'required parameter sort is not sent.');
  const [textName = 'id', valueName = 'id'] = fields;
  const filters = query.filter ?? {};
  const sortTerms = parseSortTerms(sortParam);
  assertLookupColumns(grant, [textName, valueName, ...Object.keys(filters), ...sortTerms.map((t) => t.column)]);
  const text = columns.get(textName);
  const value = columns.get(valueName);
  if (!text || !value) throw new AppError('BAD_REQUEST', `Invalid query parameter 'fields': ${fields.join(',')}`);
  const where = withScope(model, filterConditions(model, filters, dialect), grant.scope);
  const { q } = query;
  const conditions: RawBuilder<SqlBool>[] = [...where.sql];
  if (q)
    conditions.push(
      sql<SqlBool>`${text.ref} ${sql.raw(dialect === 'postgres' ? 'ILIKE' : 'LIKE')} ${likePrefix(q)} ESCAPE '!'`,
    );
  const first: OrderTerm[] = selectedValues.length
    ? [
        {
          ref: sql`CASE WHEN CAST(${value.ref} AS TEXT) IN (${sql.join(selectedValues)}) THEN 0 ELSE 1 END`,
          direction: 'asc',
          level: value.level,
        },
      ]
    : [];
  const order = [...first, ...orderTerms(model, sortTerms)];
  const limit = deps.asyncListLimit ?? DEFAULT_ASYNC_LIST_LIMIT;
  const level = Math.max(where.level, text.level);
  const rows = await repository.select(model, {
    columns: [text, value],
    where: { sql: conditions, level },
    order,
    limit: limit + 1,
  });
  if (rows.length <= limit) return { items: rows };
  const count = await repository.count(model, { sql: conditions, level }, []);
  return { items: rows.slice(0, limit), totalCount: count.total };
}

export function createLookupLists(deps: RecordsDeps) {
  const { templates } = deps;

  return {
    /**
     * GET filter-lists (reference §5.5): the filter bar's option lists, for whoever may view the form
     * (or model), each list narrowed to that user's scope (the original did not narrow them).
     */
    filterLists: async (
      user: PermissionHolder,
      ref: RecordTargetRef,
      query: FilterListsQuery,
    ): Promise<Record<string, Row[]>> => {
      const target = await resolveTarget(templates, ref);
      const scope = authorize(user, target, 'view');
      const forms = target.form
        ? [target.form]
        : await templates.listForms((f) => f.dataModel === target.model.fullName);
      const definitions = Object.assign({}, ...forms.map((f) => f.filterDataModels).reverse()) as Record<
        string,
        FilterDataModel
      >;
      const result: Record<string, Row[]> = {};
      for (const request of parseModelsParam(query['models[]'] ?? query.models)) {
        const definition = Object.hasOwn(definitions, request.model) ? definitions[request.model] : undefined;
        if (!definition) throw new AppError('BAD_REQUEST', `Unknown filter model "${request.model}".`);
        result[request.model] = await optionsOf(deps, definition, request.require, scope);
      }
      return result;
    },

    asyncLists: (user: PermissionHolder, ref: RecordTargetRef, query: Omit<AsyncListQuery, 'name'>) =>
      asyncList(deps, user, ref, query),
  };
}
