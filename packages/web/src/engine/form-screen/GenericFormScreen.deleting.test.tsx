import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, requestUrl } from '../../test/mockApi';
import { core, listBody, mockFormApi, renderScreen } from './test/fixtures';

const HOLE = { expedition: 1, site: 3, hole: 7 };

let releaseLists = () => {};
afterEach(() => releaseLists());

describe('deleting on the generic form screen', { timeout: 20_000 }, () => {
  it('frees the toolbar once the server confirms the delete, before the list is read again', async () => {
    let deleted = false;
    const fetchMock = mockFormApi(
      ADMIN,
      () => ({ status: 200, body: listBody(deleted ? [core(1), core(3)] : [core(1), core(2), core(3)]) }),
      {
        'GET form/2': { status: 200, body: core(2) },
        'DELETE form/2': () => {
          deleted = true;
          return { status: 200, body: {} };
        },
      },
    );
    // every list call after the delete waits for releaseLists()
    const answer = fetchMock.getMockImplementation();
    if (!answer) throw new Error('mockFormApi has no implementation');
    const held = new Promise<void>((resolve) => (releaseLists = resolve));
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const isList = new URL(requestUrl(input), 'http://localhost/').pathname === '/api/v1/form';
      if (deleted && (init.method ?? 'GET') === 'GET' && isList) await held;
      return answer(input, init);
    });
    renderScreen({ user: ADMIN, route: { id: 2, filter: HOLE } });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Comment').value).toBe('core 2'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete a record' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('deleted successfully')).toBeTruthy();
    // the refetched list is still held: New is usable all the same
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'New' }).disabled).toBe(false));
    releaseLists();
    await waitFor(() => expect(document.querySelector('tr[data-record-id="2"]')).toBeNull());
  });
});
