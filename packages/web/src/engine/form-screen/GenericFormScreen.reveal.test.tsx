import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ADMIN } from '../../test/mockApi';
import { calls, core, listBody, mockFormApi, renderScreen } from './test/fixtures';

// Issue 18: a record opened by URL that is not on the first page. The table turns to the page that
// holds it by asking the server for that record's page (`selected-record-id`, the original's list
// parameter), never by reading every id of a list that may hold a million rows.
const HOLE = { expedition: 1, site: 3, hole: 7 };
const TOTAL = 1_000_000;
const PER_PAGE = 5;

function pageOf(page: number) {
  const first = (page - 1) * PER_PAGE + 1;
  return listBody(
    Array.from({ length: PER_PAGE }, (_, index) => core(first + index)),
    TOTAL,
    PER_PAGE,
    page,
  );
}

describe('a record opened by URL off the first page', { timeout: 30_000 }, () => {
  afterEach(() => localStorage.clear());

  it('turns the table to its page with one list call, without a request for every id', async () => {
    const fetchMock = mockFormApi(
      ADMIN,
      (query) => {
        // every id (the first 50 stand for a million)
        if (query.get('per-page') === '-1')
          return { status: 200, body: { items: [...Array(50).keys()].map((i) => ({ id: i + 1 })) } };
        const selected = query.get('selected-record-id');
        if (selected !== null) return { status: 200, body: pageOf(Math.ceil(Number(selected) / PER_PAGE)) };
        return { status: 200, body: pageOf(Number(query.get('page') ?? '1')) };
      },
      { 'GET form/12': { status: 200, body: core(12) } },
    );
    renderScreen({ user: ADMIN, route: { id: 12, filter: HOLE } });
    const table = await screen.findByRole('table', { name: 'core records' });
    await waitFor(() => expect(table.querySelector('tr[data-record-id="12"]')).not.toBeNull());
    const lists = calls(fetchMock).filter((call) => call.startsWith('GET form?'));
    expect(lists.filter((call) => call.includes('per-page=-1'))).toEqual([]);
    expect(lists.filter((call) => call.includes('selected-record-id=12'))).toHaveLength(1);
  });
});
