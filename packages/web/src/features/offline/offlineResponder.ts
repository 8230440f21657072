import type { FormTemplate } from '@mdis/shared';
import type { OfflineRequest } from '../../platform/api/offlineResponder';
import { keptAnswer, parse, type Answer } from './keptAnswers';
import { offlineDefaults } from './offlineIdentifiers';
import { asyncList, filterLists, listContext, valueListAnswer } from './offlineLookups';
import { answerList, readListQuery } from './offlineQuery';
import { formTemplate, holdsForm, isOwner, modelTemplate, present, storedRecord, storedRecords } from './offlineStore';
import { createOffline, deleteOffline, updateOffline } from './offlineWrites';

// Kept answers are written by the API client through this module (registerOffline's chunk).
export { keepAnswer } from './keptAnswers';

/**
 * The API answered in the browser while the server cannot be reached (issue 22 item 4): the
 * generic records calls of the forms kept offline, from the store; the app's own reads (config,
 * forms menu, filter lists, reports) from the copies kept while online. Anything else gets no
 * answer and fails as it would without this.
 */

type Row = Record<string, unknown>;

const API = 'api/v1/';
async function list(form: FormTemplate, params: URLSearchParams): Promise<Answer> {
  const rows = (await storedRecords(form.name)).map(present);
  const model = await modelTemplate(form.dataModel);
  return { data: answerList(rows, model, readListQuery(params), await listContext()) };
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
  if (path === `${API}global/async-lists`) return asyncList(params, key);
  return keptAnswer(key);
}
