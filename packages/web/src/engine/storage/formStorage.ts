/**
 * Local per-form storage (spec 1 §3): what a form remembers between visits on this browser.
 * One JSON object per form under `mdis-form:{form}`; a damaged entry reads as empty.
 */
export interface StoredSort {
  id: string;
  desc: boolean;
}

export interface FormStorageState {
  /** Filter-bar selections: filter key → the chosen value. */
  filter: Partial<Record<string, number | string>>;
  /** The filter-by-value expressions: column → `> 400`. */
  filterModel: Record<string, string>;
  /** Whether the filter-by-value row is shown. */
  filterByValue: boolean;
  selectedItem: number | null;
  /** Ids of the rows ticked in the table. */
  selectedRows: number[];
  pagination: { pageIndex: number; pageSize: number };
  sort: StoredSort[];
  /** Hidden columns: column id → false. */
  columnVisibility: Record<string, boolean>;
  columnOrder: string[];
  autoPrintReport: string | null;
  autoPrintOnSave: boolean;
  /** Filter options last shown, so the bar has its texts before the lists load again. */
  filterLists: Record<string, unknown[]>;
}

export const DEFAULT_PAGE_SIZE = 5;
export const PAGE_SIZES = [5, 10, 25, 50, 100, 200] as const;

export function defaultFormStorage(): FormStorageState {
  return {
    filter: {},
    filterModel: {},
    filterByValue: false,
    selectedItem: null,
    selectedRows: [],
    pagination: { pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE },
    sort: [{ id: 'id', desc: false }],
    columnVisibility: {},
    columnOrder: [],
    autoPrintReport: null,
    autoPrintOnSave: false,
    filterLists: {},
  };
}

export function formStorageKey(form: string): string {
  return `mdis-form:${form}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored state of a form, each part checked and defaulted on its own. */
export function readFormStorage(form: string): FormStorageState {
  const fallback = defaultFormStorage();
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(formStorageKey(form)) ?? 'null');
  } catch {
    return fallback;
  }
  if (!isObject(raw)) return fallback;
  const merged = { ...fallback } as Record<string, unknown>;
  for (const [key, value] of Object.entries(fallback)) {
    const stored = raw[key];
    if (stored === undefined) continue;
    const sameShape =
      value === null
        ? stored === null || typeof stored === 'number' || typeof stored === 'string'
        : Array.isArray(value)
          ? Array.isArray(stored)
          : typeof value === typeof stored && isObject(value) === isObject(stored);
    if (sameShape) merged[key] = stored;
  }
  const state = merged as unknown as FormStorageState;
  if (!PAGE_SIZES.includes(state.pagination.pageSize as (typeof PAGE_SIZES)[number]) && state.pagination.pageSize > 0)
    state.pagination = fallback.pagination;
  return state;
}

/** Stores a part of a form's state; the rest stays as it was. */
export function writeFormStorage(form: string, patch: Partial<FormStorageState>): void {
  const next = { ...readFormStorage(form), ...patch };
  try {
    localStorage.setItem(formStorageKey(form), JSON.stringify(next));
  } catch {
    // a full or blocked storage only costs the remembered state
  }
}
