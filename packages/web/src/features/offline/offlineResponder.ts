import { valueText, type FilterListItem, type FormTemplate } from '@mdis/shared';
import type { OfflineRequest } from '../../platform/api/offlineResponder';
import { offlineDb } from './offlineDb';
import { offlineDefaults } from './offlineIdentifiers';
import { answerList, filterOptions, readListQuery } from './offlineQuery';
import {
  formTemplate,
  holdsForm,
  isOwner,
  modelTemplate,
  present,
  storedRecord,
  storedRecords,
  storedRecordsOfModel,
  valueLists,
} from './offlineStore';
import { createOffline, deleteOffline, updateOffline } from './offlineWrites';

/**
 * The API answered in the browser while the server cannot be reached (issue 22 item 4): the
 * generic records calls of the forms kept offline, from the store; the app's own reads (config,
 * forms menu, filter lists, reports) from the copies kept while online. Anything else gets no
 * answer and fails as it would without this.
 */

type Row = Record<string, unknown>;
type Answer = { data: unknown } | undefined;

const API = 'api/v1/';
/** GETs whose last answer is kept while online, for the shell and the screens offline. */
const KEPT_ANSWERS = [
  /^api\/v1\/(list-values|global\/async-lists)$/,
  /^api\/v1\/app\//,
  /^api\/v1\/form\/(filter-lists|reports)$/,
  /^cg\/api\/get-(form|model)-template$/,
];

function parse(request: OfflineRequest) {
  const url = new URL(request.url, 'http://offline.invalid/');
  return { path: url.pathname.replace(/^\/+/, ''), params: url.searchParams, key: request.url };
}

interface FilterListRequest {
  model: string;
  require: { as: string; value: number | string } | null;
}

function filterListRequests(params: URLSearchParams): FilterListRequest[] {
  return params.getAll('models[]').flatMap((raw) => {
    try {
      return [JSON.parse(raw) as FilterListRequest];
    } catch {
      return [];
    }
  });
}

// One select's options, by its filter key and what it requires: the same in every form showing it.
const optionsKey = (request: FilterListRequest) => `filter-options:${request.model}:${JSON.stringify(request.require)}`;

/** Keeps the answer of a GET the offline screens need again later (filter lists one select each). */
export async function keepAnswer(request: OfflineRequest, data: unknown): Promise<void> {
  const { path, params, key } = parse(request);
  if (!KEPT_ANSWERS.some((pattern) => pattern.test(path))) return;
  if (!path.endsWith('/filter-lists')) {
    await offlineDb().answers.put({ url: key, data });
    return;
  }
  const lists = (data ?? {}) as Record<string, unknown>;
  await offlineDb().answers.bulkPut(
    filterListRequests(params)
      .filter((item) => Object.hasOwn(lists, item.model))
      .map((item) => ({ url: optionsKey(item), data: lists[item.model] })),
  );
}

async function keptAnswer(key: string): Promise<Answer> {
  const row = await offlineDb().answers.get(key);
  return row ? { data: row.data } : undefined;
}

async function listContext(): Promise<Record<string, FilterListItem[]>> {
  const lists = await valueLists();
  return Object.fromEntries(
    Object.entries(lists).map(([name, items]) => [
      name,
      items.map((item) => ({
        display: valueText(item.display),
        remark: typeof item.remark === 'string' ? item.remark : null,
      })),
    ]),
  );
}

async function list(form: FormTemplate, params: URLSearchParams): Promise<Answer> {
  const rows = (await storedRecords(form.name)).map(present);
  const model = await modelTemplate(form.dataModel);
  return { data: answerList(rows, model, readListQuery(params), await listContext()) };
}

/** Filter-bar options: computed from the store for models kept offline, else the last answer online. */
async function filterLists(form: FormTemplate, params: URLSearchParams): Promise<Answer> {
  const answer: Record<string, unknown> = {};
  for (const request of filterListRequests(params)) {
    const definition = Object.hasOwn(form.filterDataModels, request.model)
      ? form.filterDataModels[request.model]
      : undefined;
    if (!definition) continue;
    const rows = await storedRecordsOfModel(definition.model);
    if (rows.length > 0) {
      const unique = new Map(rows.map((row) => [row.id, present(row)]));
      answer[request.model] = filterOptions(form, request.model, request.require, [...unique.values()]);
      continue;
    }
    const kept = await keptAnswer(optionsKey(request));
    if (kept) answer[request.model] = kept.data;
  }
  return { data: answer };
}

async function record(form: FormTemplate, id: number): Promise<Answer> {
  const stored = await storedRecord(form.name, id);
  return stored && stored.pending !== 'delete' ? { data: present(stored) } : undefined;
}

async function duplicate(form: FormTemplate, id: number): Promise<Answer> {
  const stored = await storedRecord(form.name, id);
  if (!stored) return undefined;
  // what the server fills (ids, combined ids, IGSNs, formulas) is not copied: it comes anew
  const generated = new Set([
    'id',
    ...form.fields.filter((field) => field.formInput.disabled).map((field) => field.name),
  ]);
  return { data: Object.fromEntries(Object.entries(stored.record).filter(([column]) => !generated.has(column))) };
}

const body = (request: OfflineRequest): Row =>
  typeof request.body === 'object' && request.body !== null ? (request.body as Row) : {};

/** The generic records calls of a form kept offline (`api/v1/form...`). */
async function formCall(request: OfflineRequest, rest: string, params: URLSearchParams, key: string): Promise<Answer> {
  const name = params.get('name') ?? '';
  if (!(await holdsForm(name))) return undefined;
  const form = await formTemplate(name);
  if (!form) return undefined;
  const idPath = /^\/(-?\d+)$/.exec(rest);
  const id = idPath ? Number(idPath[1]) : null;
  const method = request.method;
  if (rest === '' && method === 'GET') return list(form, params);
  if (rest === '' && method === 'POST')
    return { data: await createOffline(form, await modelTemplate(form.dataModel), body(request)) };
  if (rest === '/filter-lists' && method === 'GET') return filterLists(form, params);
  if (rest === '/reports' && method === 'GET') return (await keptAnswer(key)) ?? { data: { single: [], multiple: [] } };
  if (rest === '/defaults' && method === 'POST')
    return { data: await offlineDefaults(await modelTemplate(form.dataModel), body(request)) };
  if (rest === '/duplicate' && method === 'POST') return duplicate(form, Number(params.get('id')));
  if (id === null) return undefined;
  if (method === 'GET') return record(form, id);
  if (method === 'PUT')
    return { data: await updateOffline(form, await modelTemplate(form.dataModel), id, body(request)) };
  if (method === 'DELETE') {
    await deleteOffline(form, id);
    return { data: undefined };
  }
  return undefined;
}

export async function answerOffline(request: OfflineRequest): Promise<Answer> {
  const { path, params, key } = parse(request);
  // the app's start (config, forms menu) is anyone's; records only the owner's
  if (!path.startsWith('api/v1/app/') && !(await isOwner())) return undefined;
  if (path.startsWith(`${API}form`) && /^api\/v1\/form(\/|$)/.test(path))
    return formCall(request, path.slice(`${API}form`.length), params, key);
  if (request.method !== 'GET') return undefined;
  if (path === 'cg/api/get-form-template') {
    const form = await formTemplate(params.get('name') ?? '');
    return form ? { data: form } : keptAnswer(key);
  }
  if (path === 'cg/api/get-model-template') {
    const model = await modelTemplate(params.get('name') ?? '');
    return model ? { data: model } : keptAnswer(key);
  }
  if (path === `${API}list-values`) return valueListAnswer(params, key);
  // a select's options searched offline: the last answer to the same search, else none (no warning per field)
  if (path === `${API}global/async-lists`) return (await keptAnswer(key)) ?? { data: { items: [] } };
  return keptAnswer(key);
}

/** A select's value list (`list-values?filter[listname]=`): from the scope, else the last answer online. */
async function valueListAnswer(params: URLSearchParams, key: string): Promise<Answer> {
  const lists = await valueLists();
  const name = params.get('filter[listname]') ?? '';
  if (!Object.hasOwn(lists, name)) return keptAnswer(key);
  const items = lists[name];
  return { data: { items, _meta: { totalCount: items.length, pageCount: 1, currentPage: 1, perPage: items.length } } };
}
