import type { RecordList } from '../api/records.api';
import type { NavigationTarget } from '../toolbar/FormToolbar';
import type { FormScreenState } from './formScreenReducer';
import type { FormScreenDispatch } from './useFormScreenStore';

export type NavigationStep = { kind: 'select'; index: number } | { kind: 'page'; page: number; then: 'first' | 'last' };

interface NavigationPlace {
  /** The current record's row on the page, -1 when it is not on it. */
  indexOnPage: number;
  /** Rows on the page. */
  count: number;
  pageIndex: number;
  lastPage: number;
}

/** What first/previous/next/last does: pick a row of this page, or turn to a page and pick there. */
export function navigationStep(target: NavigationTarget, place: NavigationPlace): NavigationStep | null {
  const { indexOnPage, count, pageIndex, lastPage } = place;
  const select = (index: number): NavigationStep => ({ kind: 'select', index });
  if (target === 'first') return pageIndex === 0 ? select(0) : { kind: 'page', page: 0, then: 'first' };
  if (target === 'last')
    return pageIndex === lastPage ? select(count - 1) : { kind: 'page', page: lastPage, then: 'last' };
  if (target === 'next') {
    if (indexOnPage === -1) return select(0);
    if (indexOnPage < count - 1) return select(indexOnPage + 1);
    return pageIndex < lastPage ? { kind: 'page', page: pageIndex + 1, then: 'first' } : null;
  }
  if (indexOnPage === -1) return select(count - 1);
  if (indexOnPage > 0) return select(indexOnPage - 1);
  return pageIndex > 0 ? { kind: 'page', page: pageIndex - 1, then: 'last' } : null;
}

/** Where the current record stands in the list, and first/previous/next/last across pages. */
export function recordNavigation(state: FormScreenState, data: RecordList | undefined, dispatch: FormScreenDispatch) {
  const items = data?.items ?? [];
  const pageCount = Math.max(1, data?._meta.pageCount ?? 1);
  const indexOnPage = items.findIndex((item) => Number(item.id) === state.selectedId);
  const navigate = (target: NavigationTarget) => {
    const step = navigationStep(target, {
      indexOnPage,
      count: items.length,
      pageIndex: state.page,
      lastPage: pageCount - 1,
    });
    if (step?.kind === 'page') dispatch({ type: 'page', page: step.page, pick: step.then });
    const item = step?.kind === 'select' ? items[step.index] : undefined;
    if (item) dispatch({ type: 'select', id: Number(item.id) });
  };
  // null until the first list answers: the toolbar then says no count (not '- / 0')
  const total = data ? data._meta.totalCount : null;
  const position = indexOnPage === -1 ? null : state.page * Math.max(state.perPage, 0) + indexOnPage + 1;
  return {
    navigate,
    position,
    total,
    canGoBack: total !== null && total > 0 && position !== 1,
    canGoForward: total !== null && total > 0 && position !== total,
  };
}
