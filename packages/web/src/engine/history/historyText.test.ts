import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@mdis/shared';
import { formatDateTime } from '../fields/dateTimeFormat';
import { actorName, entryTitle, fieldChanges, labelOf, parentText } from './historyText';

type HistoryForm = Parameters<typeof fieldChanges>[0];
const form = {
  fields: [{ name: 'test_tag_ids_nm', label: 'Tag list', formInput: { type: 'select' } }],
  filterDataModels: {},
  supForms: {},
} as unknown as HistoryForm;

const entry = (action: HistoryEntry['action'], changes: HistoryEntry['changes'], name: string | null = 'admin') =>
  ({
    id: 1,
    at: '2026-11-26T03:00:00.000Z',
    action,
    model: 'TestSample',
    recordId: 7,
    user: { id: name ? 1 : null, name },
    batchId: null,
    route: null,
    client: null,
    changes,
  }) satisfies HistoryEntry;

describe('history text', () => {
  it('a link added or removed reads "Linked X" / "Unlinked X" under the field, with the partner display', () => {
    const linked = fieldChanges(form, entry('link', { test_tag_ids_nm: { id: 5, display: 'red' } }));
    expect(linked).toMatchObject([{ label: 'Tag list', text: 'Linked red' }]);
    const unlinked = fieldChanges(form, entry('unlink', { test_tag_ids_nm: { id: 6, display: null } }));
    expect(unlinked).toMatchObject([{ label: 'Tag list', text: 'Unlinked #6' }]);
    expect(entryTitle(entry('link', {}))).toBe('Changed by admin');
  });

  it('a write by no signed-in user is "system", in the history as in the audit', () => {
    expect(entryTitle(entry('update', {}, null))).toBe('Changed by system');
    expect(actorName(entry('create', {}, null))).toBe('system');
  });

  it('an update reads before → after; a creation leaves out empty values', () => {
    expect(fieldChanges(form, entry('update', { test_tag_ids_nm: [[1], [1, 2]] }))[0].text).toBe('1 → 1; 2');
    expect(fieldChanges(form, entry('create', { id: 7, name: null, depth: 2 }))).toMatchObject([
      { column: 'depth', text: '2' },
    ]);
  });

  // The core form's shape: a datetime, a date, a value list, and the parent column it has no field for.
  const coreForm = {
    fields: [
      { name: 'core', label: 'Core', formInput: { type: 'text' } },
      { name: 'core_ondeck', label: 'Core on Deck (CoD)', formInput: { type: 'datetime' } },
      { name: 'start_date', label: 'Start Date', formInput: { type: 'date' } },
      {
        name: 'core_type',
        label: 'Core Type',
        formInput: { type: 'select', selectSource: { type: 'list', listName: 'CORE_TYPE' } },
      },
    ],
    filterDataModels: { hole: { model: 'ProjectHole', value: 'id', text: 'hole', ref: 'hole_id' } },
    supForms: { hole: { buttonLabel: 'Parent hole', parentIdField: 'hole_id', filter: [] } },
  } as unknown as HistoryForm;
  const texts = new Map([['core_type', new Map([['R', 'Rotary']])]]);

  it('a creation names every value with the form: labels, parent by its filter, dates and lists as the form shows them', () => {
    const ondeck = '2024-05-03T07:00:00.000Z';
    const created = entry('create', {
      id: 7,
      hole_id: 3,
      core: 1,
      core_ondeck: ondeck,
      start_date: '2024-05-03T00:00:00Z',
      core_type: 'R',
    });
    expect(fieldChanges(coreForm, created, texts)).toEqual([
      expect.objectContaining({ label: 'Core', text: '1' }),
      expect.objectContaining({ label: 'Core on Deck (CoD)', text: formatDateTime(new Date(ondeck)) }),
      expect.objectContaining({ label: 'Start Date', text: '2024-05-03' }),
      expect.objectContaining({ label: 'Core Type', text: 'Rotary' }),
      expect.objectContaining({ column: 'hole_id', label: 'Hole', text: '3' }),
    ]);
  });

  it('a parent column without a filter is named by the button to the parent form, else by its column', () => {
    const noFilter: HistoryForm = { ...coreForm, filterDataModels: {} };
    expect(labelOf(noFilter, 'hole_id')).toBe('Parent hole');
    expect(labelOf(noFilter, 'site_id')).toBe('site_id');
  });

  it('an update shows both sides as the form does; a value the list lacks shows as stored', () => {
    const before = '2024-05-03 07:00:00';
    const after = '2024-05-04 08:30:00';
    const [ondeck, type] = fieldChanges(
      coreForm,
      entry('update', { core_ondeck: [before, after], core_type: ['R', 'X'] }),
      texts,
    );
    const local = (stored: string) => formatDateTime(new Date(`${stored.replace(' ', 'T')}Z`));
    expect(ondeck).toMatchObject({ before: local(before), after: local(after) });
    expect(type.text).toBe('Rotary → X');
  });
});

describe('parentText', () => {
  it('names a parent by its combined id, else the text its filter shows, else its id', () => {
    expect(parentText({ id: 1, combined_id: '5071_1_A', hole: 'A' }, 1, 'hole')).toBe('5071_1_A');
    expect(parentText({ id: 3, program: 'ICDP' }, 3, 'program')).toBe('ICDP');
    expect(parentText({ id: 4, combined_id: '' }, 4)).toBe('4');
  });
});
