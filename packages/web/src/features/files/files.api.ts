import { api } from '../../platform/api/apiClient';
import type { FormRecord } from '../../engine/api/records.api';
import type { SelectOption } from './assignSelects';

/**
 * Site-root addresses an `<img>` or a link opens: they cannot send the bearer header, so the
 * HttpOnly session cookie, accepted on GET only, authenticates them (docs/decisions.md; DESIGN §5).
 */
export const fileUrls = {
  preview: (id: number) => `files/${id}`,
  original: (id: number) => `files/original/${id}?download=1`,
};

/** What `POST file/assign` sends: the files, their type and the chosen record's ids. */
export interface AssignRequest {
  /** Ids of the uploaded files waiting in the 'File Upload' area. */
  ids: number[];
  type: string;
  number?: string;
  analyst?: string;
  comment?: string;
  curator_contact_person_id?: number;
  /** expedition_id … sample_id, request_id: the chosen record and its ancestors. */
  [column: string]: unknown;
}

export const fileKeys = {
  all: ['user', 'files'] as const,
  selectValues: (name: string, value: number | null) => [...fileKeys.all, 'select-values', name, value] as const,
  uploaded: () => [...fileKeys.all, 'uploaded'] as const,
  fileTypes: () => [...fileKeys.all, 'types'] as const,
};

export const filesApi = {
  /** The options of the selects that `name` narrows, keyed by select (`''`: the top selects). */
  selectValues: async (name: string, value: number | null) =>
    (await api.get<Record<string, SelectOption[] | undefined> | undefined>('file/update-select-values', {
      name,
      value: value ?? undefined,
    })) ?? {},
  /** Files in the 'File Upload' area: no parent record. */
  uploaded: async () =>
    (
      await api.get<{ items?: FormRecord[] } | undefined>('file', {
        'per-page': -1,
        sort: '-id',
        'filter[parent_combined_id]': '==NULL',
      })
    )?.items ?? [],
  assign: (request: AssignRequest) => api.post<unknown>('file/assign', request),
  unassign: (id: number) => api.put<unknown>(`file/unassign/${id}`, {}),
  remove: (ids: number[]) => api.post<unknown>('file/delete', { ids }),
};
