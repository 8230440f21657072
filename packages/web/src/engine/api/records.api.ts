import { ALL_ROWS, isWholeList, type FormTemplate, type ListMeta, type ModelTemplate } from '@mdis/shared';
import { api } from '../../platform/api/apiClient';

export type FormRecord = Record<string, unknown>;

export interface RecordList {
  items: FormRecord[];
  _meta: ListMeta;
}

/** One option of a filter-bar select: `{ value, text }` plus the column of its `require`. */
export type FilterOption = { value: number | string; text: unknown } & Record<string, unknown>;

export interface FilterListRequest {
  model: string;
  require: { as: string; value: number | string } | null;
}

/** A report descriptor of `form/reports` (reference §6). */
export interface ReportInfo {
  name: string;
  title?: string;
  /** 'report', 'export' or 'action' */
  type?: string;
  directPrint?: boolean;
  canAutoPrint?: boolean;
  confirmationMessage?: string | null;
  /** An action taking input on its own page: opened, not posted (its page asks for confirmation). */
  opensPage?: boolean;
}

/** What an action report answers: a message for the user and how many records it wrote. */
export interface ReportActionResult {
  message: string;
  changed: number;
}

export interface ReportLists {
  single: ReportInfo[];
  multiple: ReportInfo[];
}

/** What a list call sends besides the form name. */
export interface ListParams {
  page: number;
  perPage: number;
  /** `a,-b` */
  sort: string;
  /** `filter[col]=expr` entries: the filter bar's refs and the by-value filters. */
  filter: Record<string, string>;
  /** Only the records this batch wrote (an import's link: `batch:<id>` in the route's filter). */
  batch?: string;
}

/** Query keys of the records area: every key of a form starts with ['records', form]. */
export const recordKeys = {
  form: (form: string) => ['records', form] as const,
  list: (form: string, params: ListParams) => ['records', form, 'list', params] as const,
  detail: (form: string, id: number) => ['records', form, 'detail', id] as const,
  filterLists: (form: string, requests: FilterListRequest[]) => ['records', form, 'filter-lists', requests] as const,
  reports: (form: string) => ['records', form, 'reports'] as const,
  fileCount: (form: string, id: number) => ['records', form, 'file-count', id] as const,
  formTemplate: (name: string) => ['templates', 'form', name] as const,
  modelTemplate: (name: string) => ['templates', 'model', name] as const,
};

function listQuery(name: string, params: ListParams): Record<string, string | number> {
  const all = isWholeList(params.perPage);
  const query: Record<string, string | number> = {
    name,
    page: all ? ALL_ROWS : params.page,
    'per-page': all ? ALL_ROWS : params.perPage,
    sort: params.sort,
  };
  for (const [column, expression] of Object.entries(params.filter)) query[`filter[${column}]`] = expression;
  if (params.batch !== undefined) query.batch = params.batch;
  return query;
}

function emptyMeta(items: FormRecord[]): ListMeta {
  return { totalCount: items.length, pageCount: 1, currentPage: 1, perPage: items.length };
}

const q = encodeURIComponent;

/** The generic records API of one form (`api/v1/form?name=`): the original's list, CRUD and helpers (DESIGN §5). */
export const recordsApi = {
  list: async (name: string, params: ListParams): Promise<RecordList> => {
    const answer = await api.get<Partial<RecordList> | undefined>('form', listQuery(name, params));
    const items = answer?.items ?? [];
    return { items, _meta: answer?._meta ?? emptyMeta(items) };
  },
  /**
   * The page of the list that holds a record (`selected-record-id`, the original's parameter: the
   * server finds the record's position in the same statement as its count); null when the list
   * does not hold it. Cheap at any list length, unlike reading every id.
   */
  pageOf: async (name: string, params: ListParams, id: number): Promise<RecordList | null> => {
    const answer = await api.get<Partial<RecordList> | undefined>('form', {
      ...listQuery(name, params),
      'selected-record-id': id,
    });
    const items = answer?.items ?? [];
    if (!answer?._meta || !items.some((item) => Number(item.id) === id)) return null;
    return { items, _meta: answer._meta };
  },
  get: (name: string, id: number) => api.get<FormRecord>(`form/${id}`, { name }),
  create: (name: string, record: FormRecord) => api.post<FormRecord>(`form?name=${q(name)}`, record),
  update: (name: string, id: number, record: FormRecord) => api.put<FormRecord>(`form/${id}?name=${q(name)}`, record),
  remove: (name: string, id: number) => api.delete(`form/${id}`, { query: { name } }),
  defaults: (name: string, params: FormRecord) =>
    api.post<FormRecord>(`form/defaults?name=${q(name)}`, params, { changesNothing: true }),
  duplicate: (name: string, id: number) =>
    api.post<FormRecord>(`form/duplicate?name=${q(name)}&id=${id}`, undefined, { changesNothing: true }),
  filterLists: (name: string, requests: FilterListRequest[]) => {
    const models = requests.map((r) => `models[]=${q(JSON.stringify(r))}`).join('&');
    return api.get<Record<string, FilterOption[]>>(`form/filter-lists?name=${q(name)}&${models}`);
  },
  reports: async (name: string): Promise<ReportLists> => {
    const answer = await api.get<Partial<ReportLists> | undefined>('form/reports', { name });
    return { single: answer?.single ?? [], multiple: answer?.multiple ?? [] };
  },
  /** Runs an action report (`report/{name}?…`, as reportUrl builds it) after the user confirmed it. */
  runReportAction: (reportPath: string) => api.post<ReportActionResult>(reportPath, { confirmed: true }, { base: '' }),
  /** Files of a record: the files list with page -1 and the id field only (spec 1 §7). */
  fileCount: async (column: string, id: number): Promise<number> => {
    const answer = await api.get<unknown>('file', { page: -1, fields: 'id', [`filter[${column}]`]: id });
    if (Array.isArray(answer)) return answer.length;
    const items = (answer as { items?: unknown } | undefined)?.items;
    return Array.isArray(items) ? items.length : 0;
  },
  // The template schemas (and zod with them) load beside the request, not with the form's chunk.
  formTemplate: async (name: string): Promise<FormTemplate> => {
    const [body, { formTemplateSchema }] = await Promise.all([
      api.get<unknown>('get-form-template', { name }, { base: 'cg/api/' }),
      import('@mdis/shared/templates'),
    ]);
    return formTemplateSchema.parse(body);
  },
  modelTemplate: async (name: string): Promise<ModelTemplate> => {
    const [body, { modelTemplateSchema }] = await Promise.all([
      api.get<unknown>('get-model-template', { name }, { base: 'cg/api/' }),
      import('@mdis/shared/templates'),
    ]);
    return modelTemplateSchema.parse(body);
  },
};
