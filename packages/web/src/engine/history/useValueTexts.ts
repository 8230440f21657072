import { useQueries } from '@tanstack/react-query';
import type { FormTemplate, HistoryEntry } from '@mdis/shared';
import { answerItems, toOptions } from '../fields/select/selectSourceRequest';
import { listValuesQuery } from '../fields/select/useSelectOptions';
import type { ValueTexts } from './historyText';

/**
 * The texts the form shows for the values of its value-list fields that the entries contain, by
 * column and stored value: each list loaded once, from the cache the form's selects share. Until a
 * list has loaded its values show as stored.
 */
export function useValueTexts(form: Pick<FormTemplate, 'fields'>, entries: readonly HistoryEntry[]): ValueTexts {
  const columns = new Set(entries.flatMap((entry) => Object.keys(entry.changes)));
  const fields = form.fields.flatMap((field) => {
    const source = field.formInput.selectSource;
    return source?.type === 'list' && source.listName && columns.has(field.name)
      ? [{ column: field.name, source }]
      : [];
  });
  const listNames = [...new Set(fields.map(({ source }) => source.listName ?? ''))];
  const lists = useQueries({ queries: listNames.map((listName) => listValuesQuery(listName)) });
  const texts = new Map<string, ReadonlyMap<string, string>>();
  for (const { column, source } of fields) {
    const data = lists[listNames.indexOf(source.listName ?? '')]?.data;
    if (data === undefined) continue;
    texts.set(
      column,
      new Map(toOptions(source, answerItems(data)).map((option) => [String(option.value), option.text])),
    );
  }
  return texts;
}
