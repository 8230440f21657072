import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, requestUrl } from '../../test/mockApi';
import { calls, core, listBody, mockFormApi, renderScreen } from './test/fixtures';

const HOLE = { expedition: 1, site: 3, hole: 7 };
const SERVERS_COMMENT = 'tidied by the server';

let releaseLists = () => {};
afterEach(() => releaseLists());

/**
 * Core 2 open for editing; the server answers the save with its own version of the record (and
 * lists it from then on), and with `holdLists` every list call after the save waits for `releaseLists()`.
 */
async function editCoreTwo({ holdLists = false } = {}) {
  let second = core(2);
  const fetchMock = mockFormApi(ADMIN, () => ({ status: 200, body: listBody([core(1), second, core(3)]) }), {
    'GET form/2': () => ({ status: 200, body: second }),
    'PUT form/2': () => {
      second = { ...second, comment: SERVERS_COMMENT };
      return { status: 200, body: second };
    },
  });
  const answer = fetchMock.getMockImplementation();
  if (!answer) throw new Error('mockFormApi has no implementation');
  const held = new Promise<void>((resolve) => (releaseLists = resolve));
  let written = false;
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const isList = method === 'GET' && new URL(requestUrl(input), 'http://localhost/').pathname === '/api/v1/form';
    if (method === 'PUT') written = true;
    else if (holdLists && written && isList) await held;
    return answer(input, init);
  });
  renderScreen({ user: ADMIN, route: { id: 2, filter: HOLE } });
  await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Comment').value).toBe('core 2'));
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  await waitFor(() => expect(document.querySelector('[data-record-panel][data-scenario="edit"]')).not.toBeNull());
  return fetchMock;
}

const tableRow = (id: number) => document.querySelector(`tr[data-record-id="${String(id)}"]`);

// Issue 18 §2: creating or saving a record to its confirmation ≤ 400 ms.
describe('saving on the generic form screen', { timeout: 20_000 }, () => {
  it('sends the record in the click itself, before the screen renders anything', async () => {
    const fetchMock = await editCoreTwo();
    const before = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // nothing awaited: a render in between would have delayed the request by its whole length
    expect(calls(fetchMock).slice(before)).toEqual(['PUT form/2?name=core']);
    expect(await screen.findByText('Record was updated successfully')).toBeTruthy();
  });

  it("confirms, shows the server's record in panel and table and frees the toolbar before the list is read again", async () => {
    const fetchMock = await editCoreTwo({ holdLists: true });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Record was updated successfully')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-record-panel][data-scenario="view"]')).not.toBeNull());
    // the list calls after the save are still held here
    expect(screen.getByLabelText<HTMLInputElement>('Comment').value).toBe(SERVERS_COMMENT);
    expect(tableRow(2)?.textContent).toContain(SERVERS_COMMENT);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Edit' }).disabled).toBe(false);
    // the list is still read again (order and counts may have changed); the saved record is not
    const afterSave = () => calls(fetchMock).slice(calls(fetchMock).indexOf('PUT form/2?name=core') + 1);
    await waitFor(() => expect(afterSave().some((call) => call.startsWith('GET form?'))).toBe(true));
    releaseLists();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(afterSave().filter((call) => call.startsWith('GET form/2'))).toEqual([]);
    expect(tableRow(2)?.textContent).toContain(SERVERS_COMMENT);
  });
});
