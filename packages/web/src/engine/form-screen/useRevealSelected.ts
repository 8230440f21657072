import { isWholeList } from '@mdis/shared';
import { useEffect, useRef } from 'react';
import { recordsApi } from '../api/records.api';
import type { FormListState } from './useFormListState';

interface RevealOptions {
  formName: string;
  listState: FormListState;
  selectedId: number | null;
  /** A page asked for by first/previous/next/last is on its way: it decides the record. */
  waiting: boolean;
}

/**
 * A newly chosen current record that is not on the page shown (just created, or named by the
 * URL): turn to the page that holds it, so the table highlights it and the toolbar can say 'n / total'. One ids-only
 * list call per record, and only when it is off the page.
 */
export function useRevealSelected({ formName, listState, selectedId, waiting }: RevealOptions) {
  const { list, params, table, updateTable } = listState;
  const tried = useRef<number | null>(null);
  const current = useRef(selectedId);
  useEffect(() => {
    current.current = selectedId;
  });

  const settled = list.data !== undefined && !list.isPlaceholderData && !list.isFetching;
  const onPage = list.data?.items.some((item) => Number(item.id) === selectedId) ?? false;
  const { pageIndex, pageSize } = table.pagination;
  useEffect(() => {
    // once per record: paging away from the current record afterwards is the user's choice
    if (selectedId === null || waiting || !settled || tried.current === selectedId) return;
    tried.current = selectedId;
    if (onPage || isWholeList(pageSize)) return;
    recordsApi
      .ids(formName, params)
      .then((ids) => {
        const index = ids.indexOf(selectedId);
        if (current.current !== selectedId || index === -1) return;
        const page = Math.floor(index / pageSize);
        if (page !== pageIndex) updateTable({ pagination: { pageIndex: page, pageSize } });
      })
      // not finding the page only costs the highlight
      .catch(() => undefined);
    // params change with every page; the ids call reads them when it is made
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formName, selectedId, waiting, settled, onPage, pageIndex, pageSize, updateTable]);
}
