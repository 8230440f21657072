import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@mdis/shared';
import { actorName, entryTitle, fieldChanges } from './historyText';

const form = { fields: [{ name: 'test_tag_ids_nm', label: 'Tag list' }] } as Parameters<typeof fieldChanges>[0];

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
});
