import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, mockApi, requestUrl, shellAnswers } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const DELETION = {
  id: 77,
  at: '2026-11-20T10:00:00.000Z',
  action: 'delete',
  model: 'CoreSection',
  recordId: 12,
  user: { id: 1, name: 'admin' },
  batchId: null,
  route: 'DELETE /api/v1/form/:id',
  client: null,
  changes: { id: 12, combined_id: '5065_1_A_3_1' },
};
const EMPTY_AUDIT = { items: [], _meta: { totalCount: 0, pageCount: 0, currentPage: 1, perPage: 25 } };

describe('deleted records on the audit page', () => {
  it('finds a deleted record by its combined id and restores it; a refusal shows its reason', async () => {
    let restores = 0;
    const fetchMock = mockApi({
      ...shellAnswers(ADMIN),
      'GET audit': { status: 200, body: EMPTY_AUDIT },
      'GET history/deleted': { status: 200, body: { items: [DELETION] } },
      'POST history/77/restore': () =>
        ++restores === 1
          ? { status: 200, body: { id: 12 } }
          : { status: 409, body: { message: 'The record exists again; restore its versions from its own history.' } },
    });
    renderApp('/settings/audit', { user: ADMIN });
    const search = await screen.findByRole('form', { name: 'Deleted records search' });
    await userEvent.type(within(search).getByRole('textbox', { name: /Model/ }), 'CoreSection');
    await userEvent.type(within(search).getByRole('textbox', { name: /Id, combined id or IGSN/ }), '5065_1_A_3_1');
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));

    const table = await screen.findByRole('table', { name: 'Deleted records' });
    expect(within(table).getByText('5065_1_A_3_1')).toBeTruthy();
    const searched = fetchMock.mock.calls.map(([input]) => requestUrl(input)).find((url) => url.includes('deleted'));
    expect(searched).toContain('model=CoreSection');
    expect(searched).toContain('q=5065_1_A_3_1');

    await userEvent.click(within(table).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('CoreSection 12 restored.')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('The record exists again; restore its versions from its own history.')).toBeTruthy();
  });
});
