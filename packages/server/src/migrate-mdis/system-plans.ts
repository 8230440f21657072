import { convertValue, type TargetValue } from './convert';
import type { TablePlan } from './data-plans';
import type { SourceRow } from './source';

// The original's own tables as ours: value lists (`dis_list*`), the IGSN registry (`dis_igsn`)
// and the per-user settings (`user_config`). Ids are kept, so list items keep their list.

function plan(
  step: string,
  sourceTable: string,
  sourceColumns: string[],
  targetColumns: string[],
  types: TablePlan['types'],
  map: (row: SourceRow) => TargetValue[] | null,
  key: string | null = 'id',
): TablePlan {
  return { step, sourceTable, sourceColumns, targetTable: step, targetColumns, types, map, ...(key ? { key } : {}) };
}

const text = (value: unknown) => (value === null || value === undefined ? null : convertValue('text', value));

/** A stored user setting is JSON; the original's may be plain text: kept as a JSON string then. */
function jsonText(value: unknown): string {
  const raw = text(value) ?? 'null';
  try {
    JSON.parse(String(raw));
    return String(raw);
  } catch {
    return JSON.stringify(raw);
  }
}

function listPlans(tables: Set<string>): TablePlan[] {
  const plans: TablePlan[] = [];
  if (tables.has('dis_list'))
    plans.push(
      plan(
        'value_lists',
        'dis_list',
        ['id', 'list_name', 'is_locked', 'list_uri'],
        ['id', 'listname', 'is_locked', 'list_uri'],
        { id: 'key', listname: 'string', is_locked: 'boolean', list_uri: 'string' },
        (r) => [
          convertValue('key', r.id),
          text(r.list_name),
          convertValue('boolean', r.is_locked) ?? 0,
          text(r.list_uri),
        ],
      ),
    );
  if (tables.has('dis_list_item'))
    plans.push(
      plan(
        'value_list_items',
        'dis_list_item',
        ['id', 'list_id', 'display', 'remark', 'uri', 'sort'],
        ['id', 'list_id', 'display', 'remark', 'uri', 'sort'],
        { id: 'key', list_id: 'key', display: 'string', remark: 'text', uri: 'string', sort: 'integer' },
        (r) => [
          convertValue('key', r.id),
          convertValue('key', r.list_id),
          text(r.display),
          text(r.remark),
          text(r.uri),
          convertValue('integer', r.sort) ?? 0,
        ],
      ),
    );
  return plans;
}

function registryPlans(tables: Set<string>, now: string): TablePlan[] {
  const plans: TablePlan[] = [];
  if (tables.has('dis_igsn'))
    plans.push(
      plan(
        'igsn_registry',
        'dis_igsn',
        ['id', 'igsn', 'model', 'model_id'],
        ['id', 'igsn', 'data_model', 'model_id', 'created_at'],
        { id: 'key', igsn: 'string', data_model: 'string', model_id: 'key' },
        // The model may be named with its PHP namespace (app\models\CoreCore): the class name is ours.
        (r) => [
          convertValue('key', r.id),
          String(text(r.igsn)).toUpperCase(),
          String(text(r.model)).split('\\').pop() ?? '',
          convertValue('key', r.model_id),
          now,
        ],
      ),
    );
  if (tables.has('user_config'))
    plans.push(
      plan(
        'user_config',
        'user_config',
        ['user_id', 'key', 'value'],
        ['user_id', 'key', 'value'],
        { user_id: 'key', key: 'string', value: 'text' },
        (r) => [convertValue('key', r.user_id), text(r.key), jsonText(r.value)],
        null,
      ),
    );
  return plans;
}

/** The plans for the original's own tables the source has. */
export function systemPlans(tables: Set<string>, now: string): TablePlan[] {
  return [...listPlans(tables), ...registryPlans(tables, now)];
}
