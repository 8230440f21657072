import type { QueryClient } from '@tanstack/react-query';
import type { FormTemplate } from '@mdis/shared';
import { recordKeys, recordsApi, type ListParams } from '../api/records.api';
import { BATCH_FILTER_KEY, batchOf, selectionFilterParams, type FilterSelection } from '../filter-bar/filterCascade';
import type { FormScreenState } from './formScreenReducer';
import type { FormRoute } from './formScreenRoute';
import { encodeSort } from './formScreenRoute';
import { openingState } from './formScreenOpening';

// The form screen's server state, defined once: the screen's hooks and the prefetch at app start
// use the same keys and options, so what one asked for the other finds in the cache.

/** A form template by name; a missing one is not asked again (it shows as not found or a warning). */
export const formTemplateQuery = (formName: string) => ({
  queryKey: recordKeys.formTemplate(formName),
  queryFn: () => recordsApi.formTemplate(formName),
  retry: false,
});

/** The form's model template (its columns' rules and labels), loaded once per model. */
export const modelTemplateQuery = (form: Pick<FormTemplate, 'dataModel'>) => ({
  queryKey: recordKeys.modelTemplate(form.dataModel),
  queryFn: () => recordsApi.modelTemplate(form.dataModel),
  staleTime: Infinity,
});

/** The list call of a state, with the filter bar's selection as the list's filter columns. */
function listParams(
  state: Pick<FormScreenState, 'page' | 'perPage' | 'sort' | 'valueFilters'>,
  selection: Record<string, string>,
  batch: string | undefined,
): ListParams {
  return {
    page: state.page + 1,
    perPage: state.perPage,
    sort: encodeSort(state.sort) || 'id',
    filter: { ...selection, ...state.valueFilters },
    batch,
  };
}

/** The list call of a state: the filter bar's selection (as committed), by-value filters, page, sort. */
export function listParamsOf(
  form: FormTemplate,
  state: Pick<FormScreenState, 'page' | 'perPage' | 'sort' | 'valueFilters'>,
  filter: FilterSelection,
): ListParams {
  return listParams(state, selectionFilterParams(form, filter), batchOf(filter));
}

export const listQuery = (formName: string, params: ListParams) => ({
  queryKey: recordKeys.list(formName, params),
  queryFn: () => recordsApi.list(formName, params),
});

/**
 * Asks for the list a screen opened at `route` shows first, before it renders; the screen then finds
 * it in the cache (or on its way). The template is needed only to read a filter-bar selection into
 * list filters: without it, the list is asked for only when the filter bar starts empty. Answers
 * whether it asked.
 */
export function prefetchOpeningList(
  queryClient: QueryClient,
  formName: string,
  route: FormRoute,
  initialFilter: FilterSelection | null,
  form?: FormTemplate,
): boolean {
  const state = openingState(formName, route, initialFilter);
  const selecting = Object.keys(state.filter).some((key) => key !== BATCH_FILTER_KEY);
  if (!form && selecting) return false;
  const params = form ? listParamsOf(form, state, state.filter) : listParams(state, {}, batchOf(state.filter));
  queryClient.query(listQuery(formName, params)).catch(() => undefined); // the screen shows its own error
  return true;
}
