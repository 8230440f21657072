import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN, requestUrl } from '../../test/mockApi';
import { EMPTY_TABLE_MESSAGE, LOADING_TABLE_MESSAGE } from '../record-table/RecordTable';
import { core, listBody, mockFormApi, renderScreen } from './test/fixtures';

const HOLE = { expedition: 1, site: 3, hole: 7 };

/** The form API with the list held back until `release` is called. */
function heldList(items: unknown[]) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const fetchMock = mockFormApi(ADMIN, () => ({ status: 200, body: listBody(items) }));
  const answer = fetchMock.getMockImplementation();
  if (!answer) throw new Error('mockFormApi has no implementation');
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (new URL(requestUrl(input), 'http://localhost/').pathname === '/api/v1/form') await held;
    return answer(input, init);
  });
  return () => release();
}

// Issue 18: while the first list is on its way the table says it loads; it claims no emptiness.
describe('the record table before its first list answer', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('says the records are loading, not that there are none, then shows them', async () => {
    const release = heldList([core(1), core(2)]);
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    const table = await screen.findByRole('table', { name: 'core records' });
    expect(await within(table).findByText(LOADING_TABLE_MESSAGE)).toBeDefined();
    expect(within(table).queryByText('No records to display')).toBeNull();
    expect(within(table).queryByText(EMPTY_TABLE_MESSAGE)).toBeNull();
    release();
    await waitFor(() => expect(table.querySelectorAll('tr[data-record-id]').length).toBe(2));
    expect(within(table).queryByText(LOADING_TABLE_MESSAGE)).toBeNull();
  });

  it('counts no records in the pager or the record position before the list answers', async () => {
    const release = heldList([core(1), core(2)]);
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    const table = await screen.findByRole('table', { name: 'core records' });
    expect(await within(table).findByText(LOADING_TABLE_MESSAGE)).toBeDefined();
    expect(screen.queryByText(/\b0-0 of 0\b/)).toBeNull();
    expect(screen.getByLabelText('Record position').textContent).toBe('');
    release();
    expect(await screen.findByText('1-2 of 2')).toBeDefined();
    expect(screen.getByLabelText('Record position').textContent).toBe('- / 2');
  });

  it('says there are no records once an empty list has arrived', async () => {
    const release = heldList([]);
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    const table = await screen.findByRole('table', { name: 'core records' });
    release();
    expect(await within(table).findByText(EMPTY_TABLE_MESSAGE)).toBeDefined();
    expect(within(table).queryByText(LOADING_TABLE_MESSAGE)).toBeNull();
  });
});
