import fc from 'fast-check';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/infra/db/schema';
import type { RouteEntry } from '../route-table';
import { filterText, HOSTILE_NUMBER_TEXTS } from './hostile-values';
import type { Hints } from './zod-arbitrary';

interface Column {
  name: string;
  type: string;
}

/** What the running app knows: template, list and report names, columns, ids that exist. */
export interface AppFacts {
  /** form name → its model's full name */
  forms: Map<string, string>;
  /** model full name → its columns */
  models: Map<string, Column[]>;
  listNames: string[];
  reportNames: string[];
  fileTypes: string[];
  ids: number[];
  /** Texts an upload route might accept (a model template). */
  uploadTexts: string[];
  /** form or model name → a row it holds (without id): edited copies make writes that get through. */
  sampleRows: Map<string, Record<string, unknown>>;
}

interface TemplateRow {
  kind: string;
  name: string;
  data: string;
}

/** Reads the facts from the database and the API (as `admin`). */
export async function readAppFacts(app: FastifyInstance, db: Db, admin: Record<string, string>): Promise<AppFacts> {
  const { rows } = await sql<TemplateRow>`SELECT kind, name, data FROM templates`.execute(db);
  const forms = new Map<string, string>();
  const models = new Map<string, Column[]>();
  const uploadTexts: string[] = [];
  for (const row of rows) {
    const data = JSON.parse(row.data) as { dataModel?: string; columns?: Record<string, Column> };
    if (row.kind === 'form') forms.set(row.name, data.dataModel ?? '');
    else models.set(row.name, Object.values(data.columns ?? {}));
    if (uploadTexts.length < 2) uploadTexts.push(row.data);
  }
  const get = async <T>(url: string) => (await app.inject({ url, headers: admin })).json<T>();
  const reports = await get<Record<'single' | 'multiple', { name: string }[]>>('/api/v1/app/reports');
  const types = await get<{ items?: { display: string }[] }>('/api/v1/list-values?listname=UPLOAD_FILE_TYPE');
  const sampleRows = new Map<string, Record<string, unknown>>();
  for (const [kind, names] of [
    ['form', [...forms.keys()]],
    ['global', [...models.keys()]],
  ] as const) {
    for (const name of names) {
      const list = await get<{ items?: Record<string, unknown>[] }>(`/api/v1/${kind}?name=${name}&per-page=1`);
      const { id: _id, ...row } = list.items?.[0] ?? {};
      if (list.items?.[0]) sampleRows.set(name, row);
    }
  }
  return {
    sampleRows,
    forms,
    models,
    listNames: await get<string[]>('/api/v1/list-values/list-names'),
    reportNames: [...new Set([...reports.single, ...reports.multiple].map((report) => report.name))],
    fileTypes: (types.items ?? []).map((item) => item.display),
    ids: [1, 2, 3, 4, 5, 6],
    uploadTexts,
  };
}

function columnValue(column: Column): fc.Arbitrary<unknown> {
  switch (column.type) {
    case 'integer':
      return fc.integer({ min: 0, max: 9 });
    case 'double':
      return fc.double({ min: -1000, max: 1000, noNaN: true });
    case 'boolean':
      return fc.constantFrom(true, false, 0, 1);
    case 'date':
      return fc.constantFrom('2024-05-01', '2024-13-45', '');
    case 'dateTime':
      return fc.constantFrom('2024-05-01 10:00:00', '2024-05-01T10:00:00Z', 'yesterday');
    case 'string_multiple':
      return fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 });
    default:
      return fc.string({ maxLength: 24 });
  }
}

/** The query keys the records API reads, with values of their kind: filters, sort, paging, lookups. */
function recordQuery(columns: Column[]): fc.Arbitrary<Record<string, unknown>> {
  const names = columns.length ? columns.map((c) => c.name) : ['id'];
  const column = fc.oneof(fc.constantFrom(...names), fc.constantFrom('nope', 'id;', 'a b'));
  const number = fc.oneof(fc.integer({ min: 0, max: 60 }).map(String), fc.constantFrom(...HOSTILE_NUMBER_TEXTS));
  const entry = fc.oneof(
    fc.tuple(
      column.map((c) => `filter[${c}]`),
      filterText,
    ),
    fc.tuple(
      fc.constant('sort'),
      fc.tuple(fc.boolean(), column).map(([desc, c]) => `${desc ? '-' : ''}${c}`),
    ),
    fc.tuple(fc.constantFrom('page', 'per-page', 'selected-record-id', 'id'), number),
    fc.tuple(
      fc.constant('fields'),
      fc.array(column, { maxLength: 3 }).map((list) => list.join(',')),
    ),
    fc.tuple(
      fc.constantFrom('q', 'value', 'models[]', 'models', 'columns', 'filters', 'specific-ids'),
      fc.string({ maxLength: 20 }),
    ),
  );
  return fc.array(entry, { maxLength: 4 }).map((entries) => Object.fromEntries(entries));
}

/** Some columns with values of their type; on top of a row that exists when there is one. */
function recordBody(
  columns: Column[],
  sample: Record<string, unknown> | undefined,
): fc.Arbitrary<Record<string, unknown>> {
  const writable = columns.filter((c) => c.name !== 'id' && c.type !== 'pseudo');
  if (writable.length === 0) return fc.constant({});
  const some = fc
    .subarray(writable, { maxLength: Math.min(sample ? 2 : 8, writable.length) })
    .chain((chosen) => fc.tuple(...chosen.map((c) => columnValue(c).map((v) => [c.name, v] as const))))
    .map((pairs) => Object.fromEntries(pairs));
  return sample
    ? fc.oneof(
        some,
        some.map((changed) => ({ ...sample, ...changed })),
      )
    : some;
}

/** The model a records route's `target` names (a form of `api/v1/form`, a model of `api/v1/global`). */
export function targetsOf(route: RouteEntry, facts: AppFacts): string[] | undefined {
  if (!/^\/api\/v1\/(form|global)(\/|$)/.test(route.url) || /\/(reports|print)$/.test(route.url)) return undefined;
  return route.url.startsWith('/api/v1/form') ? [...facts.forms.keys()] : [...facts.models.keys()];
}

/** Hints for one route (and, on the records routes, one form or model). */
export function hintsFor(route: RouteEntry, facts: AppFacts, target?: string): Hints {
  const modelName = target && (facts.forms.get(target) ?? target);
  const columns = (modelName && facts.models.get(modelName)) || [];
  const forms = [...facts.forms.keys()];
  const models = [...facts.models.keys()];
  const names = (): string[] => {
    if (target) return [target];
    if (route.url.startsWith('/report/')) return facts.reportNames;
    if (route.url.startsWith('/cg/api') || route.url.endsWith('/reports')) return [...forms, ...models];
    return [...forms, 'MainTitle', 'theme'];
  };
  const pools: Partial<Record<string, () => string[]>> = {
    name: names,
    listname: () => facts.listNames,
    'filter[listname]': () => facts.listNames,
    reportName: () => facts.reportNames,
    model: () => models,
    modelName: () => models,
    form: () => forms,
    oldName: () => [...forms, ...models],
    type: () => facts.fileTypes,
    'FilesUploadNewFormModel[type]': () => facts.fileTypes,
    uploadPath: () => ['', 'sub', 'a/b', '../up'],
    analyst: () => ['AM', ''],
    username: () => ['admin', 'fuzz-target-2'],
    password: () => ['secret-password', 'short'],
    $uploadText: () => facts.uploadTexts,
  };
  return {
    ids: facts.ids,
    stringsFor: (field) => pools[field]?.(),
    catchall: recordQuery(columns),
    ...(target ? { recordBody: recordBody(columns, facts.sampleRows.get(target)) } : {}),
  };
}
