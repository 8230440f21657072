import type { ListMeta } from '@mdis/shared';

/**
 * The words before the total in the table's footer ("1-20 of 1,234"): a large filtered list is
 * counted only up to a cap, so its total is a lower bound ("of at least 10,001") or, on
 * PostgreSQL, the planner's estimate ("of about 1,234,567"); see _meta.totalCountExact.
 */
export function totalCountWords(meta: Pick<ListMeta, 'totalCountExact' | 'totalCountIsLowerBound'> | undefined) {
  if (meta?.totalCountExact !== false) return 'of';
  return meta.totalCountIsLowerBound ? 'of at least' : 'of about';
}
