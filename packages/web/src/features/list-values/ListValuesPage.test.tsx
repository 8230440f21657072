import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser, ListInfo, ListValue } from '@mdis/shared';
import { VIEWER, fetchedUrls, mockApi, shellAnswers, type MockAnswer } from '../../test/mockApi';
import { renderListValuesPage } from './test/renderListValuesPage';

const OPERATOR: AuthUser = { ...VIEWER, id: 3, username: 'olga', token: 'operator-token', roles: ['operator'] };

const item = (id: number, display: string, remark: string, sort: number): ListValue => ({
  id,
  list_id: 1,
  listname: 'CORE_TYPE',
  display,
  remark,
  uri: null,
  sort,
});

/** A small in-memory list server: the answers change as the page writes. */
function serveList(user: AuthUser, overrides: Record<string, MockAnswer> = {}, locked = false) {
  const state = {
    items: [item(1, 'B', 'Bit Sample', 0), item(2, 'H', 'Advanced Piston Corer (APC)', 1)],
    info: { id: 1, listname: 'CORE_TYPE', is_locked: locked, list_uri: null } as ListInfo,
    bodies: [] as unknown[],
  };
  const json = (init: RequestInit) => {
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    state.bodies.push(body);
    return body;
  };
  const fetchMock = mockApi({
    ...shellAnswers(user),
    'GET list-values/list-names': { status: 200, body: ['ANALYST', 'CORE_TYPE', 'UPLOAD_FILE_TYPE'] },
    'GET list-values': () => ({ status: 200, body: { items: state.items, _meta: { totalCount: state.items.length } } }),
    'GET list-values/list': () => ({ status: 200, body: state.info }),
    'PUT list-values/list': (init) => {
      state.info = { ...state.info, ...(json(init) as Partial<ListInfo>) };
      return { status: 200, body: state.info };
    },
    'POST list-values': (init) => {
      const body = json(init);
      const created = item(3, String(body.display), String(body.remark), Number(body.sort));
      state.items = [...state.items, created];
      return { status: 201, body: created };
    },
    'PUT list-values/2': (init) => {
      const body = json(init);
      state.items = state.items.map((i) => (i.id === 2 ? { ...i, remark: String(body.remark) } : i));
      return { status: 200, body: state.items[1] };
    },
    'DELETE list-values/2': () => {
      state.items = state.items.filter((i) => i.id !== 2);
      return { status: 204 };
    },
    ...overrides,
  });
  return { state, fetchMock };
}

async function openList(user: AuthUser, listname = 'CORE_TYPE') {
  renderListValuesPage(`/list-values/${listname}`, user);
  return screen.findByRole('table', { name: `items of ${listname}` });
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    );

describe('value lists page', () => {
  it('offers the list names and opens the chosen list', async () => {
    const { fetchMock } = serveList(OPERATOR);
    renderListValuesPage('/list-values', OPERATOR);
    expect(screen.getByText('Choose a list to see and edit its items.')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('List'));
    await userEvent.click(await screen.findByRole('option', { name: 'CORE_TYPE' }));
    expect(screen.getByTestId('location').textContent).toBe('/list-values/CORE_TYPE');
    const table = await screen.findByRole('table', { name: 'items of CORE_TYPE' });
    // the table's headers are the item inputs' labels
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Abbreviation', 'Description', 'Sort Index', 'Actions']);
    expect(rowTexts(table)).toEqual([
      ['B', 'Bit Sample', '0'],
      ['H', 'Advanced Piston Corer (APC)', '1'],
    ]);
    expect(fetchedUrls(fetchMock)).toContain('api/v1/list-values?filter%5Blistname%5D=CORE_TYPE');
    expect(fetchedUrls(fetchMock)).toContain('api/v1/list-values/list?listname=CORE_TYPE');
  });

  it('creates an item with the typed values and shows it', async () => {
    const { state } = serveList(OPERATOR);
    const table = await openList(OPERATOR);
    await userEvent.clear(input('Sort Index'));
    await userEvent.type(input('Sort Index'), '5');
    await userEvent.type(input('Abbreviation'), 'R');
    await userEvent.type(input('Description'), 'Rotary Core Barrel (RCB)');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('created successfully')).toBeTruthy();
    expect(state.bodies).toEqual([
      { listname: 'CORE_TYPE', sort: '5', display: 'R', remark: 'Rotary Core Barrel (RCB)' },
    ]);
    await waitFor(() => expect(rowTexts(table)).toContainEqual(['R', 'Rotary Core Barrel (RCB)', '5']));
    expect((input('Abbreviation') as HTMLInputElement).value).toBe('');
  });

  it('checks display and sort before sending', async () => {
    const { state } = serveList(OPERATOR);
    await openList(OPERATOR);
    await userEvent.clear(input('Sort Index'));
    await userEvent.type(input('Sort Index'), 'first');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Display is required')).toBeTruthy();
    expect(screen.getByText('Sort must be a number')).toBeTruthy();
    expect(state.bodies).toEqual([]);
  });

  it("shows the server's field errors at their fields", async () => {
    serveList(OPERATOR, {
      'POST list-values': {
        status: 422,
        body: [{ field: 'display', message: 'Display "B" has already been taken.' }],
      },
    });
    await openList(OPERATOR);
    await userEvent.type(input('Abbreviation'), 'B');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const message = await screen.findByText('Display "B" has already been taken.');
    expect(message.closest('.MuiFormControl-root')?.querySelector('input')).toBe(input('Abbreviation'));
  });

  it('warns "unable to create new list item" when the create fails otherwise', async () => {
    serveList(OPERATOR, { 'POST list-values': { status: 500, body: { message: 'boom' } } });
    await openList(OPERATOR);
    await userEvent.type(input('Abbreviation'), 'Q');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('unable to create new list item');
    expect(alert.className).toContain('MuiAlert-filledWarning');
  });

  it('edits an item in the form and saves it', async () => {
    const { state } = serveList(OPERATOR);
    const table = await openList(OPERATOR);
    await userEvent.click(within(table).getByRole('button', { name: 'edit H' }));
    expect((input('Abbreviation') as HTMLInputElement).value).toBe('H');
    expect((input('Sort Index') as HTMLInputElement).value).toBe('1');
    await userEvent.clear(input('Description'));
    await userEvent.type(input('Description'), 'Hydraulic Piston Corer');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('updated successfully')).toBeTruthy();
    expect(state.bodies).toEqual([
      { listname: 'CORE_TYPE', sort: '1', display: 'H', remark: 'Hydraulic Piston Corer' },
    ]);
    await waitFor(() => expect(rowTexts(table)[1]).toEqual(['H', 'Hydraulic Piston Corer', '1']));
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
  });

  it('warns "unable to edit list item" when saving an edit fails', async () => {
    serveList(OPERATOR, { 'PUT list-values/2': { status: 403, body: { message: 'locked' } } });
    const table = await openList(OPERATOR);
    await userEvent.click(within(table).getByRole('button', { name: 'edit H' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('unable to edit list item');
  });

  it('deletes an item after the "Delete Item" confirmation', async () => {
    const { fetchMock } = serveList(OPERATOR);
    const table = await openList(OPERATOR);
    await userEvent.click(within(table).getByRole('button', { name: 'delete H' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Item' });
    expect(within(dialog).getByText('Are you sure you want to delete item H?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('deleted successfully')).toBeTruthy();
    await waitFor(() => expect(rowTexts(table)).toEqual([['B', 'Bit Sample', '0']]));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('warns "an error happend while deleting the item" when the delete fails', async () => {
    serveList(OPERATOR, { 'DELETE list-values/2': { status: 500, body: { message: 'boom' } } });
    const table = await openList(OPERATOR);
    await userEvent.click(within(table).getByRole('button', { name: 'delete H' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('an error happend while deleting the item');
    expect(rowTexts(table)).toHaveLength(2);
  });

  it('warns when the items or the list info cannot be loaded', async () => {
    serveList(OPERATOR, {
      'GET list-values': { status: 500, body: { message: 'boom' } },
      'GET list-values/list': { status: 404, body: { message: 'Unable to find list with name CORE_TYPE' } },
    });
    renderListValuesPage('/list-values/CORE_TYPE', OPERATOR);
    expect(await screen.findByText('unable to load list items')).toBeTruthy();
    // queued behind the first warning, shown when it gives way
    expect(await screen.findByText('unable to load list info', {}, { timeout: 6000 })).toBeTruthy();
  }, 10_000);
});
