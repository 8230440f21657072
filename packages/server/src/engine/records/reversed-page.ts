import type { PageWindow } from '../../infra/http/list-query';
import type { ListCount } from './record-count';
import type { OrderTerm } from './record-query';

/**
 * A page in the back half of a list whose total is exact is read from the other end: every order
 * term reversed (the NULLs and the id tie-breaker with it: `top ASC NULLS FIRST, id ASC` becomes
 * `top DESC NULLS LAST, id DESC`, the same order backwards, as the order is total), the offset
 * counted from the end, and the rows turned round. An OFFSET reads and drops every row before the
 * page: the last page of a million samples read 999,980 rows (bench S7) and now reads none. A page
 * near the middle still skips up to half the list. The total comes from a statement of its own
 * (the counter or the bounded count): a row written between the two shifts this page by one, as it
 * would shift a page read forwards against the count.
 */
export interface ReversedRead {
  order: OrderTerm[];
  /** 0 for a page past the end: nothing to read. */
  limit: number;
  offset: number;
}

export function reversedRead(
  order: readonly OrderTerm[],
  window: PageWindow,
  count: ListCount | undefined,
): ReversedRead | undefined {
  if (window.limit === undefined || !count?.exact) return undefined;
  // The rows after the page: what the reversed read skips instead of window.offset.
  const after = count.total - window.offset - window.limit;
  if (after >= window.offset) return undefined;
  return {
    order: order.map((term) => ({ ...term, direction: term.direction === 'asc' ? 'desc' : 'asc' })),
    limit: Math.max(0, Math.min(window.limit, count.total - window.offset)),
    offset: Math.max(0, after),
  };
}
