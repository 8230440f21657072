import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser, Widget } from '@mdis/shared';
import { ADMIN, VIEWER, mockApi, shellAnswers, type MockAnswer } from '../../test/mockApi';
import { renderDashboard, testWidget } from './test/renderDashboard';

const DEVELOPER: AuthUser = { ...ADMIN, id: 5, username: 'dev', token: 'dev-token', roles: ['developer'] };
const READ_ONLY_DEVELOPER: AuthUser = { ...DEVELOPER, roles: ['developer', 'readOnly'] };

const WIDGETS: Widget[] = [
  testWidget(1, { title: 'Notes', subtitle: 'of the week', color: 'teal darken-1' }),
  testWidget(2, { title: 'Hidden Notes', active: 0 }),
];

function serveWidgets(user: AuthUser, overrides: Record<string, MockAnswer> = {}) {
  const bodies: unknown[] = [];
  const fetchMock = mockApi({
    ...shellAnswers(user),
    'GET widgets': { status: 200, body: { items: WIDGETS, _meta: { totalCount: 2 } } },
    'PUT widgets/1': (init) => {
      const body = JSON.parse(init.body as string) as Partial<Widget>;
      bodies.push(body);
      return { status: 200, body: { ...WIDGETS[0], ...body } };
    },
    ...overrides,
  });
  return { fetchMock, bodies };
}

const editSwitch = () => screen.queryByRole('switch', { name: 'edit mode' }) ?? screen.queryByLabelText('edit mode');

describe('dashboard page', () => {
  it.each([
    ['an administrator', ADMIN],
    ['a developer', DEVELOPER],
  ])('offers %s the edit mode switch; edit mode shows the inactive widgets', async (_, user) => {
    serveWidgets(user);
    renderDashboard(user);
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Hidden Notes' })).toBeNull();
    expect(screen.queryByText('Inactive Widgets')).toBeNull();
    const toggle = editSwitch();
    expect(toggle).toBeTruthy();
    await userEvent.click(toggle as HTMLElement);
    const inactive = await screen.findByRole('list', { name: 'Inactive Widgets' });
    expect(within(inactive).getByRole('heading', { name: 'Hidden Notes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'drag Notes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Widget' })).toBeTruthy();
  });

  it.each([
    ['a viewer', VIEWER],
    ['an operator', { ...VIEWER, roles: ['operator'] }],
    ['a read-only developer', READ_ONLY_DEVELOPER],
  ])('shows %s the widgets without an edit mode switch', async (_, user) => {
    serveWidgets(user);
    renderDashboard(user);
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeTruthy();
    expect(screen.getByText('of the week')).toBeTruthy();
    expect(editSwitch()).toBeNull();
    expect(screen.queryByRole('button', { name: /^settings of/ })).toBeNull();
  });

  it('an empty Instructions widget offers its settings in edit mode as the next step (issue 24, the look)', async () => {
    const instructions = testWidget(3, { type: 'InstructionsWidget', title: 'Instructions' });
    serveWidgets(ADMIN, { 'GET widgets': { status: 200, body: { items: [instructions], _meta: { totalCount: 1 } } } });
    renderDashboard(ADMIN);
    const widget = await screen.findByRole('region', { name: 'Instructions' });
    expect(await within(widget).findByText('No instructions yet')).toBeTruthy();
    expect(within(widget).queryByRole('button', { name: 'Add links' })).toBeNull();
    await userEvent.click(editSwitch() as HTMLElement);
    await userEvent.click(await within(widget).findByRole('button', { name: 'Add links' }));
    expect(await screen.findByRole('dialog', { name: 'Settings of Instructions' })).toBeTruthy();
  });

  it('shows an unknown widget type as the plain base widget', async () => {
    serveWidgets(VIEWER);
    renderDashboard(VIEWER);
    expect(await screen.findByText('NoteWidget has no view in this version.')).toBeTruthy();
  });

  it('adds a widget of the chosen type and deletes one after confirming', { timeout: 15_000 }, async () => {
    const sent: { key: string; body?: unknown }[] = [];
    serveWidgets(ADMIN, {
      'POST widgets': (init) => {
        sent.push({ key: 'POST widgets', body: JSON.parse(init.body as string) });
        return { status: 201, body: testWidget(9, { type: 'PostBoxWidget', title: 'Posts' }) };
      },
      'DELETE widgets/1': () => {
        sent.push({ key: 'DELETE widgets/1' });
        return { status: 204 };
      },
    });
    renderDashboard(ADMIN);
    await screen.findByRole('heading', { name: 'Notes' });
    await userEvent.click(editSwitch() as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Add Widget' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Posts' }));
    await waitFor(() =>
      expect(sent).toEqual([{ key: 'POST widgets', body: { type: 'PostBoxWidget', title: 'Posts' } }]),
    );

    await userEvent.click(screen.getByRole('button', { name: 'delete Notes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete a Widget' });
    expect(within(confirm).getByText('This action cannot be reverted. Are you sure?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent.map((call) => call.key)).toEqual(['POST widgets', 'DELETE widgets/1']));
  });

  it("says 'could not load widgets' when the list fails", async () => {
    serveWidgets(ADMIN, { 'GET widgets': { status: 500, body: { message: 'boom' } } });
    renderDashboard(ADMIN);
    expect(await screen.findByText('could not load widgets')).toBeTruthy();
  });
});

// The dialog holds many MUI inputs: rendering and typing in happy-dom takes a few seconds.
describe('widget settings dialog', { timeout: 20_000 }, () => {
  async function openSettings() {
    renderDashboard(ADMIN);
    await screen.findByRole('heading', { name: 'Notes' });
    await userEvent.click(editSwitch() as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'settings of Notes' }));
    return screen.findByRole('dialog', { name: 'Settings of Notes' });
  }

  it('shows the exact colour message for an invalid colour and sends nothing', async () => {
    const { bodies } = serveWidgets(ADMIN);
    const dialog = await openSettings();
    fireEvent.change(within(dialog).getByLabelText('Color'), { target: { value: 'sea green' } });
    expect(within(dialog).getByText('Please enter, select or pick a valid color')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog', { name: 'Settings of Notes' })).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('saves title, colour and dark flag and shows them', async () => {
    const { bodies } = serveWidgets(ADMIN);
    const dialog = await openSettings();
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Weekly Notes' } });
    fireEvent.change(within(dialog).getByLabelText('Color'), { target: { value: '#abc' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([expect.objectContaining({ title: 'Weekly Notes', color: '#abc', is_dark: 1, lg_size: 4 })]);
    expect(await screen.findByRole('heading', { name: 'Weekly Notes' })).toBeTruthy();
  });

  it("shows the server's 422 message at its field", async () => {
    serveWidgets(ADMIN, {
      'PUT widgets/1': { status: 422, body: [{ field: 'title', message: 'Title must be less than 255 characters' }] },
    });
    const dialog = await openSettings();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title must be less than 255 characters')).toBeTruthy();
  });

  it("warns 'could not save widget settings.' when the save fails otherwise", async () => {
    serveWidgets(ADMIN, { 'PUT widgets/1': { status: 500, body: { message: 'boom' } } });
    const dialog = await openSettings();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // the open dialog hides the rest of the page from the accessibility tree, the snackbar included
    expect(await screen.findByText('could not save widget settings.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Settings of Notes' })).toBeTruthy();
  });
});
