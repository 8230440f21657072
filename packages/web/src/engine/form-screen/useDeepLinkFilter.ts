import { useEffect, useRef, useState } from 'react';
import type { FormTemplate } from '@mdis/shared';
import type { FormRecord } from '../api/records.api';
import { orderedFilters, type FilterSelection } from '../filter-bar/filterCascade';
import type { FormRoute } from './formScreenRoute';
import type { FormScreenState } from './formScreenReducer';
import type { FormScreenDispatch } from './useFormScreenStore';

/** The filter-bar selection that holds a record: each filter's value read from the record's ancestor ids. */
export function ancestorFilter(form: FormTemplate, record: FormRecord): FilterSelection {
  const selection: FilterSelection = {};
  for (const entry of orderedFilters(form)) {
    const value = record[entry.ref];
    if (typeof value === 'number') selection[entry.key] = value;
    else if (typeof value === 'string' && value !== '')
      selection[entry.key] = /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return selection;
}

const sameSelection = (a: FilterSelection, b: FilterSelection) =>
  Object.keys({ ...a, ...b }).every((key) => String(a[key]) === String(b[key]));

/**
 * A record opened by its address without a filter (`/forms/hole-form/1`): once it is loaded, the
 * filter bar is set to its ancestors, so the bar, the table and the position agree with it.
 */
export function useDeepLinkFilter(
  form: FormTemplate,
  route: FormRoute,
  record: FormRecord | null,
  state: FormScreenState,
  dispatch: FormScreenDispatch,
) {
  // on the first render the URL's missing filter is soon replaced by the stored one: remember the link
  const [linkedAtStart] = useState(() => (route.filter === null ? route.id : null));
  const aligned = useRef<number | null>(null);
  const linkedId = route.filter === null ? route.id : linkedAtStart;
  const recordId = record ? Number(record.id) : null;
  useEffect(() => {
    if (linkedId === null || recordId !== linkedId || aligned.current === linkedId || !record) return;
    aligned.current = linkedId;
    const filter = ancestorFilter(form, record);
    if (Object.keys(filter).length > 0 && !sameSelection(filter, state.filter)) dispatch({ type: 'align', filter });
  }, [form, linkedId, recordId, record, state.filter, dispatch]);
}
