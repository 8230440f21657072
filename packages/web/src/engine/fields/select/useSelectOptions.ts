import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SelectSource } from '@mdis/shared';
import { api } from '../../../platform/api/apiClient';
import { errorMessage, isApiError } from '../../../platform/api/ApiError';
import { useNotifications } from '../../../platform/notifications/NotificationsContext';
import type { FormRecord } from '../../record-panel/types';
import { answerItems, asyncListQuery, filterListItems, toOptions, type SelectOption } from './selectSourceRequest';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';

/** Spec 1 §9: the select search waits 500 ms after the last key. */
export const SELECT_SEARCH_DEBOUNCE_MS = 500;

export const selectOptionKeys = {
  list: (listName: string) => ['select-options', 'list', listName] as const,
  async: (query: Record<string, string>) => ['select-options', 'async', query] as const,
};

/** The items of one value list (loaded whole): one cache entry for every select, and the history, that shows it. */
export const listValuesQuery = (listName: string) => ({
  queryKey: selectOptionKeys.list(listName),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<unknown>('list-values', { 'filter[listname]': listName }, { signal }),
});

function useListOptions(source: SelectSource, formModel: FormRecord, enabled: boolean) {
  const listName = source.listName ?? '';
  const query = useQuery({ ...listValuesQuery(listName), enabled: enabled && listName !== '' });
  const options = useMemo(
    () => toOptions(source, filterListItems(source, answerItems(query.data), formModel)),
    [source, query.data, formModel],
  );
  return { options, error: query.error, loading: query.isFetching };
}

function useAsyncOptions(
  source: SelectSource,
  formModel: FormRecord,
  search: string,
  selected: readonly (string | number)[],
  enabled: boolean,
) {
  const settledSearch = useDebouncedValue(search, SELECT_SEARCH_DEBOUNCE_MS);
  const params = useMemo(() => {
    try {
      return { query: asyncListQuery(source, formModel, settledSearch, selected) };
    } catch (error) {
      return { error };
    }
  }, [source, formModel, settledSearch, selected]);
  const query = useQuery({
    queryKey: selectOptionKeys.async(params.query ?? {}),
    queryFn: ({ signal }) => api.get<unknown>('global/async-lists', params.query, { signal }),
    enabled: enabled && params.query !== undefined && Boolean(source.model),
    placeholderData: (previous) => previous,
  });
  const options = useMemo(() => toOptions(source, answerItems(query.data)), [source, query.data]);
  return { options, error: params.error ?? query.error, loading: query.isFetching };
}

/**
 * The options of a select: a value list (loaded whole, filtered in the browser) or, for relation
 * and api sources, the server's async-lists of the source model, searched as the user types.
 * A failed load is a warning with the server's message (spec 1 §8); a missing list API (404)
 * degrades to the values the record already holds.
 */
export function useSelectOptions(
  source: SelectSource,
  formModel: FormRecord,
  search: string,
  selected: readonly (string | number)[],
): { options: SelectOption[]; loading: boolean } {
  const isList = source.type === 'list';
  const list = useListOptions(source, formModel, isList);
  const remote = useAsyncOptions(source, formModel, search, selected, !isList);
  const { options, error, loading } = isList ? list : remote;
  const { warn } = useNotifications();
  useEffect(() => {
    if (!error || (isApiError(error) && error.status === 404)) return;
    warn(errorMessage(error));
  }, [error, warn]);
  return { options, loading };
}
