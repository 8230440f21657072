import { useQueries } from '@tanstack/react-query';
import type { FormTemplate, HistoryEntry } from '@mdis/shared';
import { recordKeys, recordsApi } from '../api/records.api';
import { formNameOfUrl } from '../toolbar/linkedForms';
import { type ValueTexts, parentText } from './historyText';

type ParentForm = Pick<FormTemplate, 'supForms' | 'filterDataModels'>;

/** The ids an entry stored in a column: the value (create, delete) or before and after (update). */
function storedIds(entry: HistoryEntry, column: string): number[] {
  const value = entry.changes[column];
  const values = entry.action === 'update' && Array.isArray(value) ? value : [value];
  return values.map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * The parents the entries name (`hole_id: 1`) as the form names them (`5071_1_A`), by column and
 * id: each parent read once through its own form (the parent-form button's), from the cache the
 * forms share. A parent the user may not read, or still loading, shows its id.
 */
export function useParentTexts(form: ParentForm, entries: readonly HistoryEntry[]): ValueTexts {
  const parents = Object.values(form.supForms).flatMap((link) => {
    const column = link.parentIdField;
    if (!column || !link.url) return [];
    const ids = [...new Set(entries.flatMap((entry) => storedIds(entry, column)))];
    const filter = Object.values(form.filterDataModels).find((model) => model.ref === column);
    return ids.map((id) => ({ column, id, formName: formNameOfUrl(link.url ?? ''), textField: filter?.text }));
  });
  const records = useQueries({
    queries: parents.map(({ formName, id }) => ({
      queryKey: recordKeys.detail(formName, id),
      queryFn: () => recordsApi.get(formName, id),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const texts = new Map<string, Map<string, string>>();
  parents.forEach(({ column, id, textField }, index) => {
    const record = records[index]?.data;
    if (!record) return;
    const byId = texts.get(column) ?? new Map<string, string>();
    byId.set(String(id), parentText(record, id, textField));
    texts.set(column, byId);
  });
  return texts;
}
