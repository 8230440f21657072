import type { FilterSelection } from '../filter-bar/filterCascade';
import type { FormRecord } from '../api/records.api';
import type { Scenario } from '../record-panel';
import type { StoredSort } from '../storage/formStorage';

/**
 * Everything the form screen decides, in one place. The shareable part (`selectedId`, `filter`,
 * `page`, `sort`) is read from the URL on every render and written back to it by actions; the rest
 * lives in the screen (and partly in local storage). One direction: URL → state → actions → URL.
 */
export interface FormScreenState {
  /** The current record (URL path). */
  selectedId: number | null;
  /** The filter-bar selection (URL `filter`). */
  filter: FilterSelection;
  /** 0-based page of the table (URL `page`, 1-based there). */
  page: number;
  /** The table's sort (URL `sort`, `a,-b`). */
  sort: StoredSort[];
  perPage: number;
  /** The filter-by-value expressions: column → `> 400`. */
  valueFilters: Record<string, string>;
  /** Rows ticked for reports and exports: they belong to the list shown, and go with it. */
  ticked: number[];
  scenario: Scenario;
  /** The record being edited (its id stays, whatever the URL does meanwhile); null in create. */
  editingId: number | null;
  /** What the panel shows while editing or creating. */
  draft: FormRecord | null;
  /** The draft differs from what was loaded: leaving it asks first. */
  dirty: boolean;
  /** A page asked for by first/previous/next/last: its first or last row becomes current on arrival. */
  pick: 'first' | 'last' | null;
}

/** The part of the state the URL holds. */
export type ShareableState = Pick<FormScreenState, 'selectedId' | 'filter' | 'page' | 'sort'>;
export type LocalState = Omit<FormScreenState, keyof ShareableState>;

export type FormScreenAction =
  | { type: 'select'; id: number | null }
  | { type: 'filter'; filter: FilterSelection }
  /** The filter bar set to hold the current record (a deep link): the record stays current. */
  | { type: 'align'; filter: FilterSelection }
  | { type: 'page'; page: number; pick?: 'first' | 'last' }
  | { type: 'sort'; sort: StoredSort[] }
  | { type: 'perPage'; perPage: number }
  | { type: 'valueFilters'; valueFilters: Record<string, string> }
  | { type: 'tick'; ids: number[] }
  | { type: 'pick'; pick: 'first' | 'last' }
  /** A page has arrived: a pending first/last pick chooses from its rows. */
  | { type: 'pageArrived'; ids: number[] }
  | { type: 'edit'; record: FormRecord; id: number | null }
  | { type: 'create'; values: FormRecord }
  | { type: 'change'; draft: FormRecord }
  /** The save sends what the panel shows (empty selects as null): not a change of the user's. */
  | { type: 'normalise'; draft: FormRecord }
  | { type: 'cancel' }
  | { type: 'saved'; id: number }
  | { type: 'deleted' };

const SHAREABLE_KEYS = ['selectedId', 'filter', 'page', 'sort'] as const;

export function shareableOf(state: FormScreenState): ShareableState {
  return { selectedId: state.selectedId, filter: state.filter, page: state.page, sort: state.sort };
}

export function localOf(state: FormScreenState): LocalState {
  const { selectedId: _id, filter: _filter, page: _page, sort: _sort, ...local } = state;
  return local;
}

/** Whether two states would write different URLs. */
export function shareableDiffers(a: ShareableState, b: ShareableState): boolean {
  return SHAREABLE_KEYS.some((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

/** A list change (filter, sort, page size, by-value filters): back to the first page, nothing ticked. */
function newList(state: FormScreenState, patch: Partial<FormScreenState>): FormScreenState {
  return { ...state, ...patch, page: 0, ticked: [], pick: null };
}

/**
 * The form screen's rules (spec 1 §2, §4): while a record is edited or created, the current
 * record, the filter and the list stay as they are; a changed list forgets the ticked rows.
 */
export function formScreenReducer(state: FormScreenState, action: FormScreenAction): FormScreenState {
  const viewing = state.scenario === 'view';
  switch (action.type) {
    case 'select':
      return viewing ? { ...state, selectedId: action.id, pick: null } : state;
    case 'filter':
      return viewing ? newList(state, { filter: action.filter, selectedId: null }) : state;
    case 'align':
      return viewing ? newList(state, { filter: action.filter }) : state;
    case 'page':
      if (!viewing) return state;
      return { ...state, page: Math.max(0, action.page), ticked: [], pick: action.pick ?? null };
    case 'sort':
      return viewing ? newList(state, { sort: action.sort }) : state;
    case 'perPage':
      return viewing ? newList(state, { perPage: action.perPage }) : state;
    case 'valueFilters':
      return newList(state, { valueFilters: action.valueFilters });
    case 'tick':
      return { ...state, ticked: action.ids };
    case 'pick':
      return viewing ? { ...state, pick: action.pick } : state;
    case 'pageArrived': {
      if (!state.pick) return state;
      const id = state.pick === 'first' ? action.ids[0] : action.ids.at(-1);
      return { ...state, pick: null, selectedId: id ?? state.selectedId };
    }
    case 'edit':
      return viewing
        ? { ...state, scenario: 'edit', editingId: action.id, draft: action.record, dirty: false, pick: null }
        : state;
    case 'create':
      return viewing
        ? { ...state, scenario: 'create', editingId: null, draft: action.values, dirty: false, pick: null }
        : state;
    case 'change':
      return viewing ? state : { ...state, draft: action.draft, dirty: true };
    case 'normalise':
      return viewing ? state : { ...state, draft: action.draft };
    case 'cancel':
      return { ...state, scenario: 'view', editingId: null, draft: null, dirty: false };
    case 'saved':
      return { ...state, scenario: 'view', editingId: null, draft: null, dirty: false, selectedId: action.id };
    case 'deleted':
      return { ...state, selectedId: null, ticked: state.ticked.filter((id) => id !== state.selectedId) };
  }
}
