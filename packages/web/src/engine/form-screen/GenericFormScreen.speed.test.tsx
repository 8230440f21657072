import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, requestUrl } from '../../test/mockApi';
import { core, listBody, mockFormApi, renderScreen } from './test/fixtures';

const HOLE = { expedition: 1, site: 3, hole: 7 };
const PAGE = 200;

// Issue 18 §2: a page of 200 rows puts only the rows in view (and a few around them) in the document.
describe('a long page of the record table', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('is virtualised: far fewer rows are rendered than the page holds, the first among them', async () => {
    // happy-dom lays nothing out: every element gets the size of a 600 px high table
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 1000, 600));
    localStorage.setItem('mdis-form:core', JSON.stringify({ pagination: { pageIndex: 0, pageSize: PAGE } }));
    const items = Array.from({ length: PAGE }, (_, index) => core(index + 1));
    mockFormApi(ADMIN, () => ({ status: 200, body: listBody(items, 1000, PAGE) }));
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    const table = await screen.findByRole('table', { name: 'core records' });
    await waitFor(() => expect(table.querySelector('tr[data-record-id="1"]')).not.toBeNull());
    const rendered = table.querySelectorAll('tr[data-record-id]').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(PAGE / 4);
  });

  it('reads the layout of one row, not of every row, when a sort brings a long page', async () => {
    // in the browser each read after React's writes is a forced layout of the page
    const reads = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue(new DOMRect(0, 0, 1000, 600));
    localStorage.setItem('mdis-form:core', JSON.stringify({ pagination: { pageIndex: 0, pageSize: PAGE } }));
    const page = (first: number) => Array.from({ length: PAGE }, (_, index) => core(first + index));
    mockFormApi(ADMIN, (query) => ({
      status: 200,
      body: listBody(query.get('sort')?.includes('top_depth') ? page(1001) : page(1), 1000, PAGE),
    }));
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    const table = await screen.findByRole('table', { name: 'core records' });
    await waitFor(() => expect(table.querySelector('tr[data-record-id="1"]')).not.toBeNull());
    const rowReads = () => reads.mock.contexts.filter((element) => element instanceof HTMLTableRowElement).length;
    const before = rowReads();
    await userEvent.click(within(table).getByText('Top Depth'));
    await waitFor(() => expect(table.querySelector('tr[data-record-id="1001"]')).not.toBeNull());
    expect(table.querySelectorAll('tr[data-record-id]').length).toBeGreaterThan(1);
    expect(rowReads() - before).toBe(0);
  });

  it('shows a progress bar, not rows of placeholders, while the list loads', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = mockFormApi(ADMIN, () => ({ status: 200, body: listBody([core(1), core(2)]) }));
    const answer = fetchMock.getMockImplementation();
    if (!answer) throw new Error('mockFormApi has no implementation');
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (new URL(requestUrl(input), 'http://localhost/').pathname === '/api/v1/form') await held;
      return answer(input, init);
    });
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    const table = await screen.findByRole('table', { name: 'core records' });
    await waitFor(() => expect(screen.getAllByRole('progressbar').length).toBeGreaterThan(0));
    // placeholder rows cost a render of every cell and another in its effect, to be thrown away
    expect(table.querySelectorAll('tbody tr').length).toBeLessThanOrEqual(1);
    expect(table.querySelector('.MuiSkeleton-root')).toBeNull();
    release();
    await waitFor(() => expect(table.querySelectorAll('tr[data-record-id]').length).toBe(2));
  });

  it('reads no layout to show its progress bar when a sort click loads new rows', async () => {
    // The table's own progress bars open and close in a Collapse, which reads an element's height
    // (clientHeight): in the browser a forced layout of the whole table, twice per list call.
    // (happy-dom lays nothing out: every height is 0, as the spy answers)
    const heightReads = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(0);
    mockFormApi(ADMIN, (query) =>
      query.get('sort')?.includes('top_depth')
        ? { status: 200, body: listBody([core(2), core(1)]) }
        : { status: 200, body: listBody([core(1), core(2)]) },
    );
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    const table = await screen.findByRole('table', { name: 'core records' });
    await waitFor(() => expect(table.querySelector('tr[data-record-id]')?.getAttribute('data-record-id')).toBe('1'));
    heightReads.mockClear();
    await userEvent.click(within(table).getByText('Top Depth'));
    await waitFor(() => expect(table.querySelector('tr[data-record-id]')?.getAttribute('data-record-id')).toBe('2'));
    expect(heightReads).not.toHaveBeenCalled();
  });
});
