import { describe, expect, it } from 'vitest';
import {
  formScreenReducer,
  shareableDiffers,
  shareableOf,
  type FormScreenAction,
  type FormScreenState,
} from './formScreenReducer';

const VIEW: FormScreenState = {
  selectedId: 2,
  filter: { expedition: 1, site: 3 },
  page: 2,
  sort: [{ id: 'id', desc: false }],
  perPage: 5,
  valueFilters: {},
  ticked: [1, 2],
  scenario: 'view',
  editingId: null,
  draft: null,
  dirty: false,
  pick: null,
};
const EDITING: FormScreenState = { ...VIEW, scenario: 'edit', editingId: 2, draft: { id: 2, comment: 'x' } };

describe('formScreenReducer', () => {
  it('selects a record while viewing, never while a draft is open', () => {
    expect(formScreenReducer(VIEW, { type: 'select', id: 4 }).selectedId).toBe(4);
    expect(formScreenReducer(EDITING, { type: 'select', id: 4 })).toBe(EDITING);
  });

  it('a new list (filter, sort, page size, by-value filters) starts at page 1 and forgets the ticked rows', () => {
    const filtered = formScreenReducer(VIEW, { type: 'filter', filter: { expedition: 2 } });
    expect(filtered).toMatchObject({ filter: { expedition: 2 }, page: 0, ticked: [], selectedId: null });
    expect(formScreenReducer(VIEW, { type: 'sort', sort: [{ id: 'core', desc: true }] })).toMatchObject({
      page: 0,
      ticked: [],
      selectedId: 2,
    });
    expect(formScreenReducer(VIEW, { type: 'perPage', perPage: 200 })).toMatchObject({
      perPage: 200,
      page: 0,
      ticked: [],
    });
    expect(formScreenReducer(VIEW, { type: 'valueFilters', valueFilters: { core: '>2' } })).toMatchObject({
      page: 0,
      ticked: [],
    });
  });

  it('another page forgets the ticked rows too: they belong to the list shown', () => {
    expect(formScreenReducer(VIEW, { type: 'page', page: 3 })).toMatchObject({ page: 3, ticked: [] });
  });

  it('keeps the filter, page and sort while a draft is open', () => {
    const actions: FormScreenAction[] = [
      { type: 'filter', filter: {} },
      { type: 'page', page: 0 },
      { type: 'sort', sort: [] },
      { type: 'perPage', perPage: 10 },
    ];
    for (const action of actions) expect(formScreenReducer(EDITING, action)).toBe(EDITING);
  });

  it('aligns the filter with a deep-linked record and keeps it current', () => {
    const aligned = formScreenReducer(VIEW, { type: 'align', filter: { expedition: 5, site: 6 } });
    expect(aligned).toMatchObject({ filter: { expedition: 5, site: 6 }, selectedId: 2, page: 0 });
  });

  it('turns to a page and picks its first or last record when it arrives', () => {
    const turned = formScreenReducer(VIEW, { type: 'page', page: 3, pick: 'last' });
    expect(turned.pick).toBe('last');
    const arrived = formScreenReducer(turned, { type: 'pageArrived', ids: [16, 17, 18] });
    expect(arrived).toMatchObject({ selectedId: 18, pick: null });
    // without a pick, a page arriving changes nothing
    expect(formScreenReducer(VIEW, { type: 'pageArrived', ids: [9] })).toBe(VIEW);
  });

  it('edit → change marks the draft dirty; cancel and saved return to view with a clean state', () => {
    const editing = formScreenReducer(VIEW, { type: 'edit', record: { id: 2 }, id: 2 });
    expect(editing).toMatchObject({ scenario: 'edit', editingId: 2, dirty: false });
    const changed = formScreenReducer(editing, { type: 'change', draft: { id: 2, comment: 'y' } });
    expect(changed).toMatchObject({ dirty: true, draft: { comment: 'y' } });
    // the save's own normalising (empty selects → null) is not a change of the user's
    expect(formScreenReducer(editing, { type: 'normalise', draft: { id: 2 } }).dirty).toBe(false);
    expect(formScreenReducer(changed, { type: 'cancel' })).toMatchObject({
      scenario: 'view',
      draft: null,
      dirty: false,
    });
    const created = formScreenReducer(formScreenReducer(VIEW, { type: 'create', values: { comment: '' } }), {
      type: 'saved',
      id: 9,
    });
    expect(created).toMatchObject({ scenario: 'view', selectedId: 9, dirty: false, editingId: null });
  });

  it('a change while viewing is ignored; a deleted record is neither current nor ticked', () => {
    expect(formScreenReducer(VIEW, { type: 'change', draft: {} })).toBe(VIEW);
    expect(formScreenReducer(VIEW, { type: 'deleted' })).toMatchObject({ selectedId: null, ticked: [1] });
  });

  it('says when the URL must change: only for id, filter, page and sort', () => {
    const typed = formScreenReducer(EDITING, { type: 'change', draft: { id: 2, comment: 'z' } });
    expect(shareableDiffers(shareableOf(EDITING), shareableOf(typed))).toBe(false);
    const paged = formScreenReducer(VIEW, { type: 'page', page: 1 });
    expect(shareableDiffers(shareableOf(VIEW), shareableOf(paged))).toBe(true);
  });
});
