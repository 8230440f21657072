// Apart from the list schemas on purpose: the web app's form screen uses these rules, and a
// module with zod schemas brings zod into the form's chunk (issue 18: the form route stays light).

/** `page=-1` or `per-page=-1`: the whole list on one page, as in the original (DESIGN §5). */
export const ALL_ROWS = -1;
export const DEFAULT_PER_PAGE = 20;
/** The original's page-size limits (Yii's pageSizeLimit): -1 … 999999999999. */
export const PER_PAGE_MAX = 999_999_999_999;
/** Past this a page number is no longer an exact integer in JavaScript (nor a bindable one). */
export const PAGE_MAX = Number.MAX_SAFE_INTEGER;

/**
 * The one place of the rule: page -1, or a page size of 0 or less, means every row on one page
 * (the web table's "all" rows-per-page is 0 or -1 too).
 */
export function isWholeList(perPage: number, page = 1): boolean {
  return page === ALL_ROWS || perPage <= 0;
}
