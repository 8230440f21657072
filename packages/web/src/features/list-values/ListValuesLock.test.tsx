import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser, ListInfo } from '@mdis/shared';
import { ADMIN, VIEWER, mockApi, shellAnswers, type MockAnswer } from '../../test/mockApi';
import { UPLOAD_FILE_TYPE_NOTICE } from './ListValuesForm';
import { renderListValuesPage } from './test/renderListValuesPage';

const OPERATOR: AuthUser = { ...VIEWER, id: 3, username: 'olga', token: 'operator-token', roles: ['operator'] };
const ITEMS = [{ id: 1, list_id: 1, listname: 'CORE_TYPE', display: 'B', remark: 'Bit Sample', uri: null, sort: 0 }];

function serveInfo(user: AuthUser, locked: boolean, overrides: Record<string, MockAnswer> = {}) {
  const state = {
    info: { id: 1, listname: 'CORE_TYPE', is_locked: locked, list_uri: null } as ListInfo,
    bodies: [] as unknown[],
  };
  mockApi({
    ...shellAnswers(user),
    'GET list-values/list-names': { status: 200, body: ['CORE_TYPE'] },
    'GET list-values': { status: 200, body: { items: ITEMS, _meta: { totalCount: 1 } } },
    'GET list-values/list': () => ({ status: 200, body: state.info }),
    'PUT list-values/list': (init) => {
      const body = JSON.parse(init.body as string) as Partial<ListInfo>;
      state.bodies.push(body);
      state.info = { ...state.info, ...body };
      return { status: 200, body: state.info };
    },
    ...overrides,
  });
  return state;
}

async function openList(user: AuthUser, listname = 'CORE_TYPE') {
  renderListValuesPage(`/list-values/${listname}`, user);
  await screen.findByRole('table', { name: `items of ${listname}` });
  return screen.findByText(/^List is /);
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });

describe('value list lock, uri and roles', () => {
  it('lets an administrator lock and unlock the list', async () => {
    const state = serveInfo(ADMIN, false);
    expect((await openList(ADMIN)).textContent).toBe('List is Unlocked');
    await userEvent.click(button('Lock'));
    expect(await screen.findByText('List is Locked')).toBeTruthy();
    // an administrator still edits a locked list
    expect(input('Abbreviation').disabled).toBe(false);
    expect(button('edit B').disabled).toBe(false);
    await userEvent.click(button('Unlock'));
    expect(await screen.findByText('List is Unlocked')).toBeTruthy();
    expect(state.bodies).toEqual([{ is_locked: true }, { is_locked: false }]);
  });

  it('warns "unable to toggle list lock" when the lock cannot be changed', async () => {
    serveInfo(ADMIN, false, { 'PUT list-values/list': { status: 500, body: { message: 'boom' } } });
    await openList(ADMIN);
    await userEvent.click(button('Lock'));
    expect((await screen.findByRole('alert')).textContent).toBe('unable to toggle list lock');
    expect(screen.getByText('List is Unlocked')).toBeTruthy();
  });

  it('blocks an operator on a locked list: no lock, no item or uri changes', async () => {
    serveInfo(OPERATOR, true);
    expect((await openList(OPERATOR)).textContent).toBe('List is Locked');
    expect(button('Unlock').disabled).toBe(true);
    expect(input('Abbreviation').disabled).toBe(true);
    expect(input('List uri').disabled).toBe(true);
    expect(button('Create').disabled).toBe(true);
    expect(button('edit B').disabled).toBe(true);
    expect(button('delete B').disabled).toBe(true);
  });

  it('lets an operator edit an unlocked list but not lock it', async () => {
    serveInfo(OPERATOR, false);
    await openList(OPERATOR);
    expect(button('Lock').disabled).toBe(true);
    expect(input('Abbreviation').disabled).toBe(false);
    expect(button('edit B').disabled).toBe(false);
  });

  it('shows a viewer the items without any editing', async () => {
    serveInfo(VIEWER, false);
    await openList(VIEWER);
    expect(input('Abbreviation').disabled).toBe(true);
    expect(button('delete B').disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'Export value list' })).toBeNull();
  });

  it('saves the list uri and says so; an emptied uri is sent as null', async () => {
    const state = serveInfo(OPERATOR, false);
    await openList(OPERATOR);
    await userEvent.type(input('List uri'), 'http://vocab.example.org/core-type');
    await userEvent.click(button('save list uri'));
    expect(await screen.findByText('updated successfully')).toBeTruthy();
    await waitFor(() => expect(input('List uri').value).toBe('http://vocab.example.org/core-type'));
    await userEvent.clear(input('List uri'));
    await userEvent.click(button('save list uri'));
    await waitFor(() => expect(state.bodies).toHaveLength(2));
    expect(state.bodies).toEqual([{ list_uri: 'http://vocab.example.org/core-type' }, { list_uri: null }]);
  });

  it('warns "unable to update list uri" when the uri cannot be saved', async () => {
    serveInfo(OPERATOR, false, { 'PUT list-values/list': { status: 500, body: { message: 'boom' } } });
    await openList(OPERATOR);
    await userEvent.type(input('List uri'), 'http://x.example.org');
    await userEvent.click(button('save list uri'));
    expect((await screen.findByRole('alert')).textContent).toBe('unable to update list uri');
  });

  it('offers the administrator the value-list export, opened by URL in a new tab', async () => {
    serveInfo(ADMIN, false);
    await openList(ADMIN);
    const link = screen.getByRole<HTMLAnchorElement>('link', { name: 'Export value list' });
    expect(link.getAttribute('href')).toBe('report/ExportValueList?listname=CORE_TYPE');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('warns that UPLOAD_FILE_TYPE abbreviations become directory names', async () => {
    serveInfo(OPERATOR, false, {
      'GET list-values/list': {
        status: 200,
        body: { id: 9, listname: 'UPLOAD_FILE_TYPE', is_locked: false, list_uri: null },
      },
    });
    renderListValuesPage('/list-values/UPLOAD_FILE_TYPE', OPERATOR);
    expect(await screen.findByText(UPLOAD_FILE_TYPE_NOTICE)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'items of UPLOAD_FILE_TYPE' });
    expect(within(table).getByText('B')).toBeTruthy();
  });
});
