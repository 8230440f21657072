import { textOf, valueText, type FilterListItem, type FormTemplate, type ModelTemplate } from '@mdis/shared';
import { filterListRequests, keptAnswer, optionsKey, type Answer } from './keptAnswers';
import { answerList, filterOptions, readListQuery } from './offlineQuery';
import { modelTemplate, present, storedRecordsOfModel, valueLists } from './offlineStore';

type Row = Record<string, unknown>;

/**
 * The options of filter bars and selects offline (issue 22): from the kept records and value lists,
 * else from the answers kept online.
 */

/**
 * A model-backed select's options offline (`global/async-lists?name=<Model>`), answered from the
 * records kept of that model as the server answers them: its filter (the shared interpreter), `q` as
 * a case-insensitive prefix of the text, the selected values first, then the sort. Not capped: a
 * kept scope is one hole's records.
 */
export function answerAsyncList(
  rows: readonly Row[],
  model: ModelTemplate | undefined,
  params: URLSearchParams,
  lists: Readonly<Record<string, readonly FilterListItem[]>> = {},
): { items: Row[] } {
  const [textName = 'id', valueName = 'id'] = (params.get('fields') ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  const query = { ...readListQuery(params), page: 1, perPage: -1 };
  const matched = answerList(rows, model, query, lists).items;
  const prefix = (params.get('q') ?? '').trim().toLowerCase();
  const found = prefix ? matched.filter((row) => textOf(row[textName]).toLowerCase().startsWith(prefix)) : matched;
  const selected = new Set((params.get('value') ?? '').split(',').filter(Boolean));
  const first = found.filter((row) => selected.has(textOf(row[valueName])));
  const rest = found.filter((row) => !selected.has(textOf(row[valueName])));
  return {
    items: [...first, ...rest].map((row) => ({ [textName]: row[textName], [valueName]: row[valueName] })),
  };
}

export async function listContext(): Promise<Record<string, FilterListItem[]>> {
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

/** Filter-bar options: computed from the store for models kept offline, else the last answer online. */
export async function filterLists(form: FormTemplate, params: URLSearchParams): Promise<Answer> {
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

/** A select's value list (`list-values?filter[listname]=`): from the scope, else the last answer online. */
export async function valueListAnswer(params: URLSearchParams, key: string): Promise<Answer> {
  const lists = await valueLists();
  const name = params.get('filter[listname]') ?? '';
  if (!Object.hasOwn(lists, name)) return keptAnswer(key);
  const items = lists[name];
  return { data: { items, _meta: { totalCount: items.length, pageCount: 1, currentPage: 1, perPage: items.length } } };
}

/**
 * A model-backed select's options: from the kept records of its model, else the last answer to the
 * same search online, else none (no warning per field).
 */
export async function asyncList(params: URLSearchParams, key: string): Promise<Answer> {
  const name = params.get('name') ?? '';
  const rows = await storedRecordsOfModel(name);
  if (rows.length > 0) {
    const unique = new Map(rows.map((row) => [row.id, present(row)]));
    return { data: answerAsyncList([...unique.values()], await modelTemplate(name), params, await listContext()) };
  }
  return (await keptAnswer(key)) ?? { data: { items: [] } };
}
