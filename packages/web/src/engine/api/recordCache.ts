import type { Query, QueryClient } from '@tanstack/react-query';
import { recordKeys, type FormRecord, type RecordList } from './records.api';

/**
 * A write's answer is the record as the server presents it (the same presentation as a read):
 * it becomes the record's cached read and replaces the record in every cached page of the form's
 * list, so the panel and the table show the server's record at once, without waiting for a refetch.
 */
export function storeSavedRecord(queryClient: QueryClient, formName: string, id: number, saved: FormRecord): void {
  queryClient.setQueryData(recordKeys.detail(formName, id), saved);
  queryClient.setQueriesData<RecordList>({ queryKey: [...recordKeys.form(formName), 'list'] }, (list) => {
    if (!list?.items.some((item) => Number(item.id) === id)) return list;
    return { ...list, items: list.items.map((item) => (Number(item.id) === id ? saved : item)) };
  });
}

/**
 * After a write, what it may have changed is read again: the lists (order, counts, a new record),
 * the filter bar's options, other records. Not the written record (its answer is stored) and not
 * the form's reports (a record write never changes them).
 */
export function refreshAfterWrite(queryClient: QueryClient, formName: string, id: number | null): Promise<void> {
  const written = recordKeys.detail(formName, id ?? -1);
  const reports = recordKeys.reports(formName);
  const sameKey = (query: Query, key: readonly unknown[]) =>
    query.queryKey.length === key.length && key.every((part, index) => query.queryKey[index] === part);
  return queryClient.invalidateQueries({
    queryKey: recordKeys.form(formName),
    predicate: (query) => !sameKey(query, written) && !sameKey(query, reports),
  });
}
