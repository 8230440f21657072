import { WIDGET_DEFAULTS } from '@mdis/shared';
import { convertValue, jsonText, type TargetValue } from './convert';
import type { TablePlan, Warnings } from './data-plans';
import { type ColumnMapping, constant, firstTable, mappedPlan } from './mapped-plan';
import type { Source, SourceRow } from './source';

// The original's dashboard: widgets, posts and messages of the day (reference §9, spec 2 §3). Their
// tables were not at hand (docs/mdis-v3-migration.md): the table and column names are **guessed**
// from the API's field names, and each target column takes the first of its candidates the source
// has (mapped-plan.ts). A guessed column the source lacks is listed as a warning and gets our default.

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function widgetMappings(now: string): ColumnMapping[] {
  const flag = (
    target: 'is_dark' | 'active' | 'cloneable' | 'deletable',
    from: string[] = [target],
  ): ColumnMapping => ({
    target,
    from,
    type: 'boolean',
    fallback: constant(WIDGET_DEFAULTS[target]),
  });
  const size = (target: 'xs_size' | 'sm_size' | 'md_size' | 'lg_size'): ColumnMapping => ({
    target,
    from: [target],
    type: 'integer',
    fallback: constant(WIDGET_DEFAULTS[target]),
  });
  return [
    { target: 'id', from: ['id'], type: 'key', fallback: constant(null) },
    { target: 'type', from: ['type'], type: 'string', fallback: constant('BaseWidget') },
    { target: 'title', from: ['title'], type: 'string', fallback: constant(WIDGET_DEFAULTS.title) },
    { target: 'subtitle', from: ['subtitle'], type: 'string', fallback: constant(WIDGET_DEFAULTS.subtitle) },
    { target: 'color', from: ['color'], type: 'string', fallback: constant(WIDGET_DEFAULTS.color) },
    flag('is_dark', ['is_dark', 'dark']),
    flag('active'),
    { target: 'order', from: ['order', 'sort'], type: 'integer', fallback: (row) => Number(row.id ?? 0) },
    size('xs_size'),
    size('sm_size'),
    size('md_size'),
    size('lg_size'),
    flag('cloneable'),
    flag('deletable'),
    {
      target: 'extra_settings',
      from: ['extra_settings', 'extraSettings', 'settings'],
      type: 'text',
      fallback: constant('{}'),
      // A JSON object; text that is not JSON is kept as a JSON string.
      convert: (value) => jsonText(value, '{}'),
    },
    { target: 'created_at', from: [], type: 'string', fallback: constant(now), optional: true },
    { target: 'updated_at', from: [], type: 'string', fallback: constant(now), optional: true },
  ];
}

/** Who wrote a post or message: a migrated user's id (else NULL, as after the account's deletion) and a name. */
function authorMappings(userIds: ReadonlySet<number>): ColumnMapping[] {
  return [
    {
      target: 'author_id',
      from: ['author_id', 'created_by', 'user_id'],
      type: 'key',
      fallback: constant(null),
      optional: true,
      convert: (value) => (userIds.has(Number(value)) ? Number(value) : null),
    },
    { target: 'author', from: ['author', 'author_name'], type: 'string', fallback: constant('') },
  ];
}

function timestamps(fallback: (row: SourceRow) => TargetValue): ColumnMapping[] {
  return [
    { target: 'created_at', from: ['created_at'], type: 'integer', fallback },
    { target: 'updated_at', from: ['updated_at', 'created_at'], type: 'integer', fallback },
  ];
}

/** The dashboard's plans for the tables the source has: widgets, posts, messages of the day. */
export async function dashboardPlans(
  source: Source,
  userIds: ReadonlySet<number>,
  now: string,
  warnings: Warnings,
): Promise<TablePlan[]> {
  const tables = await source.tables();
  const plans: TablePlan[] = [];
  const widgets = firstTable(tables, ['widget', 'widgets', 'dis_widget']);
  // The original's dashboard replaces the default one a first server start may have seeded.
  if (widgets) {
    const table = { step: 'widgets', sourceTable: widgets, replaceExisting: true };
    plans.push(await mappedPlan(source, table, widgetMappings(now), warnings));
  }
  const posts = firstTable(tables, ['post', 'posts', 'dis_post']);
  if (posts)
    plans.push(
      await mappedPlan(
        source,
        { step: 'posts', sourceTable: posts },
        [
          { target: 'id', from: ['id'], type: 'key', fallback: constant(null) },
          ...authorMappings(userIds),
          { target: 'text', from: ['text', 'content'], type: 'text', fallback: constant('') },
          ...timestamps(constant(seconds(now))),
        ],
        warnings,
      ),
    );
  const messages = firstTable(tables, ['message', 'messages', 'dis_message']);
  if (messages) {
    const plan = await mappedPlan(
      source,
      { step: 'messages', sourceTable: messages },
      [
        { target: 'id', from: ['id'], type: 'key', fallback: constant(null) },
        { target: 'date', from: ['date'], type: 'date', fallback: constant(now.slice(0, 10)) },
        { target: 'message', from: ['message', 'text'], type: 'text', fallback: constant('') },
        ...authorMappings(userIds),
        // Without a time of writing, the message's own day stands for it.
        ...timestamps((row) => seconds(`${String(convertValue('date', row.date) ?? now.slice(0, 10))}T00:00:00Z`)),
      ],
      warnings,
    );
    const columns = await source.columns(messages);
    if (columns.includes('images'))
      warnings.add(
        `${messages}.images: the images of messages of the day are not migrated (where the original keeps their bytes is not known); the messages are`,
      );
    plans.push(plan);
  }
  return plans;
}
