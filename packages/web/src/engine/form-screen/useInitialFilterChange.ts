import { useEffect, useRef } from 'react';
import type { FilterSelection } from '../filter-bar/filterCascade';

const keyOf = (filter: FilterSelection | null) =>
  filter ? JSON.stringify(Object.entries(filter).sort(([a], [b]) => a.localeCompare(b))) : '';

/**
 * Calls `apply` when the initial filter (the facet search) changes while the form is open; not on
 * the first render, where the filter bar already started from it, and not when it is cleared.
 */
export function useInitialFilterChange(initialFilter: FilterSelection | null, apply: (next: FilterSelection) => void) {
  const key = keyOf(initialFilter);
  const seen = useRef(key);
  const latest = useRef({ initialFilter, apply });
  useEffect(() => {
    latest.current = { initialFilter, apply };
  });
  useEffect(() => {
    if (key === seen.current) return;
    seen.current = key;
    if (latest.current.initialFilter) latest.current.apply(latest.current.initialFilter);
  }, [key]);
}
