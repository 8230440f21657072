import { convertValue, jsonText } from './convert';
import type { TablePlan, Warnings } from './data-plans';
import { type ColumnMapping, constant, mappedPlan } from './mapped-plan';
import type { Source } from './source';

// The original's own tables as ours: value lists (`dis_list*`), the IGSN registry (`dis_igsn`)
// and the per-user settings (`user_config`). Ids are kept, so list items keep their list.

const text = (value: unknown) => String(convertValue('text', value));
const key = (target: string, from = target): ColumnMapping => ({
  target,
  from: [from],
  type: 'key',
  fallback: constant(null),
});

const LIST: ColumnMapping[] = [
  key('id'),
  { target: 'listname', from: ['list_name'], type: 'string', fallback: constant('') },
  { target: 'is_locked', from: ['is_locked'], type: 'boolean', fallback: constant(0) },
  { target: 'list_uri', from: ['list_uri'], type: 'string', fallback: constant(null) },
];

const LIST_ITEM: ColumnMapping[] = [
  key('id'),
  key('list_id'),
  { target: 'display', from: ['display'], type: 'string', fallback: constant('') },
  { target: 'remark', from: ['remark'], type: 'text', fallback: constant(null) },
  { target: 'uri', from: ['uri'], type: 'string', fallback: constant(null) },
  { target: 'sort', from: ['sort'], type: 'integer', fallback: constant(0) },
];

function igsnRegistry(now: string): ColumnMapping[] {
  return [
    key('id'),
    { target: 'igsn', from: ['igsn'], type: 'string', fallback: constant(''), convert: (v) => text(v).toUpperCase() },
    // The model may be named with its PHP namespace (app\models\CoreCore): the class name is ours.
    {
      target: 'data_model',
      from: ['model'],
      type: 'string',
      fallback: constant(''),
      convert: (v) => text(v).split('\\').pop() ?? '',
    },
    key('model_id'),
    { target: 'created_at', from: [], type: 'string', fallback: constant(now), optional: true },
  ];
}

const USER_CONFIG: ColumnMapping[] = [
  key('user_id'),
  { target: 'key', from: ['key'], type: 'string', fallback: constant('') },
  // A stored setting is JSON; the original's may be plain text: kept as a JSON string then.
  { target: 'value', from: ['value'], type: 'text', fallback: constant('null'), convert: (v) => jsonText(v, 'null') },
];

/** The plans for the original's own tables the source has. */
export async function systemPlans(source: Source, now: string, warnings: Warnings): Promise<TablePlan[]> {
  const tables = await source.tables();
  const plans: TablePlan[] = [];
  const add = async (step: string, sourceTable: string, mappings: ColumnMapping[], tableKey: string | null = 'id') => {
    if (tables.has(sourceTable))
      plans.push(await mappedPlan(source, { step, sourceTable, key: tableKey }, mappings, warnings));
  };
  await add('value_lists', 'dis_list', LIST);
  await add('value_list_items', 'dis_list_item', LIST_ITEM);
  await add('igsn_registry', 'dis_igsn', igsnRegistry(now));
  await add('user_config', 'user_config', USER_CONFIG, null);
  return plans;
}
