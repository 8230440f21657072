import type { HistoryList } from '@mdis/shared';
import { api } from '../../platform/api/apiClient';
import type { FormRecord } from '../api/records.api';

/** One record's versions are kept with the records of its form: a save there refreshes them too. */
export const historyKeys = {
  record: (form: string, model: string, id: number) => ['records', form, 'history', model, id] as const,
};

/** The most versions the dialog shows (the API's page limit; older ones are in the audit). */
export const HISTORY_PAGE = 200;

export const historyApi = {
  record: (model: string, id: number) => api.get<HistoryList>('history', { model, id, 'per-page': HISTORY_PAGE }),
  /** `to: 'before'`: the value the change replaced; `after`: the value it set. */
  restore: (entryId: number, field: string, to: 'before' | 'after') =>
    api.post<FormRecord>(`history/${entryId}/restore`, { fields: [field], to }),
  /** Every field (and link) of the record as the entry left it. */
  restoreVersion: (entryId: number) => api.post<FormRecord>(`history/${entryId}/restore`, { to: 'after' }),
};
