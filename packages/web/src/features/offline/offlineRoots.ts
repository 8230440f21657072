import type { FilterSelection } from '../../engine/filter-bar/filterCascade';

/**
 * Where a scope can be taken offline from: the filter-bar key whose record is the scope's root and
 * the form the scope route reads it through. A hole carries everything below it.
 */
export const OFFLINE_ROOTS = [{ filterKey: 'hole', form: 'hole' }] as const;

/** The root chosen in the filter bar, if any. */
export function offlineRootOf(selection: FilterSelection): { form: string; id: number } | null {
  for (const root of OFFLINE_ROOTS) {
    const value = selection[root.filterKey];
    const id = typeof value === 'number' ? value : Number(value);
    if (value !== undefined && Number.isInteger(id) && id > 0) return { form: root.form, id };
  }
  return null;
}
