import { ALL_ROWS, type ListInfo, type ListValue, type ListValuesQuery } from '@mdis/shared';
import { listMeta, pageWindow } from '../../infra/http/list-query';
import { listNotFound, toListInfo, toListValue } from './list-values.guards';
import { createListValuesWrites, itemNotFound, type ListValuesDeps } from './list-values.writes';

// A value list is answered whole: one page holding every item.
const WHOLE_LIST = pageWindow({ 'per-page': ALL_ROWS });

/** Value lists: the reads here, the writes (locks, unique displays) in list-values.writes.ts. */
export function createListValuesService(deps: ListValuesDeps) {
  const { lists } = deps;
  return {
    /** The items of one list (`filter[listname]` or `listname`); an unknown name is empty and creates nothing. */
    async list(query: ListValuesQuery) {
      const rows = await lists.items(query['filter[listname]'] ?? query.listname);
      return { items: rows.map(toListValue), _meta: listMeta(WHOLE_LIST, rows.length) };
    },

    async get(id: number): Promise<ListValue> {
      const row = await lists.findItem(id);
      if (!row) throw itemNotFound();
      return toListValue(row);
    },

    listNames: (): Promise<string[]> => lists.listNames(),

    async listInfo(listname: string): Promise<ListInfo> {
      const list = await lists.findListByName(listname);
      if (!list) throw listNotFound(listname);
      return toListInfo(list);
    },

    ...createListValuesWrites(deps),
  };
}

export type ListValuesService = ReturnType<typeof createListValuesService>;
