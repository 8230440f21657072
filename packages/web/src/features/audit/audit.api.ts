import type { DeletedList, HistoryAction, HistoryList } from '@mdis/shared';
import { api } from '../../platform/api/apiClient';

export interface AuditFilter {
  user?: string;
  model?: string;
  record?: string;
  action?: HistoryAction | '';
  from?: string;
  to?: string;
}

/** The filter as the audit's query (empty fields left out). */
export function auditQuery(filter: AuditFilter): Record<string, string> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));
}

export const auditKeys = {
  page: (filter: AuditFilter, page: number, perPage: number) => ['audit', filter, page, perPage] as const,
  deleted: (model: string, q: string) => ['audit', 'deleted', model, q] as const,
};

export const auditApi = {
  page: (filter: AuditFilter, page: number, perPage: number) =>
    api.get<HistoryList>('audit', { ...auditQuery(filter), page, 'per-page': perPage }),
  /** The CSV of every matching entry, opened by URL (the session cookie authorizes a GET). */
  /** Deleted records of a model (still gone) whose id, combined id or IGSN is `q`. */
  deleted: (model: string, q: string) => api.get<DeletedList>('history/deleted', { model, q }),
  /** A deletion's entry restored: the record back under its old id (its files relinked). */
  restoreDeleted: (entryId: number) => api.post<Record<string, unknown>>(`history/${String(entryId)}/restore`, {}),
  exportUrl: (filter: AuditFilter) => `api/v1/audit/export?${new URLSearchParams(auditQuery(filter)).toString()}`,
};
