import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@mdis/shared';
import { AppProviders } from '../../app/providers/AppProviders';
import { toApiError } from '../../platform/api/toApiError';
import { mockApi } from '../../test/mockApi';
import { UNCONFIRMED_HINT, UserDialog } from './UserDialog';
import { activeLabel } from './userParts';

const EXISTING: User = {
  id: 7,
  username: 'olga',
  email: 'olga@example.org',
  name: 'Olga Operator',
  roles: ['operator'],
  permissions: ['form-core:edit'],
  active: true,
  confirmed: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  last_login_at: null,
};

function renderDialog(onSubmit: (body: unknown) => Promise<unknown>, user?: User) {
  mockApi({ 'GET app/config': { status: 200, body: {} } });
  render(
    <AppProviders>
      <UserDialog open user={user} onSubmit={onSubmit} onClose={() => {}} />
    </AppProviders>,
  );
  return screen.getByRole('dialog');
}

function field(dialog: HTMLElement, label: string) {
  return within(dialog).getByLabelText(new RegExp(`^${label}\\W*$`), { selector: 'input, textarea' });
}

describe('user dialog', () => {
  it('requires username, email and password for a new user and does not submit', async () => {
    const onSubmit = vi.fn(async () => ({}));
    const dialog = renderDialog(onSubmit);
    expect(within(dialog).getByText('New user')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This is required')).toHaveLength(3);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('applies the shared rules (short password, bad e-mail, bad permission)', async () => {
    const onSubmit = vi.fn(async () => ({}));
    const dialog = renderDialog(onSubmit);
    await userEvent.type(field(dialog, 'Username'), 'newbie');
    await userEvent.type(field(dialog, 'Email'), 'not-an-email');
    await userEvent.type(field(dialog, 'Password'), 'short');
    await userEvent.type(field(dialog, 'Permissions'), 'core:edit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Email is not a valid email address.')).toBeTruthy();
    expect(within(dialog).getByText('Password should contain at least 8 characters.')).toBeTruthy();
    expect(within(dialog).getByText(/Permissions look like/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the new user with the checked roles', async () => {
    const onSubmit = vi.fn(async (body: unknown) => body);
    const dialog = renderDialog(onSubmit);
    await userEvent.type(field(dialog, 'Username'), 'newbie');
    await userEvent.type(field(dialog, 'Email'), 'newbie@example.org');
    await userEvent.type(field(dialog, 'Name'), 'New Bie');
    await userEvent.type(field(dialog, 'Password'), 'long-enough-1');
    await userEvent.click(within(dialog).getByLabelText('operator'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      username: 'newbie',
      email: 'newbie@example.org',
      name: 'New Bie',
      password: 'long-enough-1',
      roles: ['operator'], // viewer is implied
      permissions: [],
      active: true,
    });
  });

  it('keeps the password when it is left empty on edit', async () => {
    const onSubmit = vi.fn(async (body: unknown) => body);
    const dialog = renderDialog(onSubmit, EXISTING);
    expect(within(dialog).getByText('Edit user')).toBeTruthy();
    expect(within(dialog).getByText(/leave empty to keep/)).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('Active'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('password');
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ active: false, permissions: ['form-core:edit'] });
  });

  it('puts 422 messages of the server under their fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw toApiError(422, [{ field: 'username', message: 'This username has already been taken.' }]);
    });
    const dialog = renderDialog(onSubmit, EXISTING);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This username has already been taken.')).toBeTruthy();
  });

  it('shows a 409 as a warning in the dialog', async () => {
    const message = 'The last active administrator cannot be deleted, deactivated or demoted.';
    const dialog = renderDialog(async () => {
      throw toApiError(409, { message, code: 'CONFLICT' });
    }, EXISTING);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
  });

  it('tells an unconfirmed account (moved from mDIS v3) apart from a deactivated one', () => {
    expect(activeLabel({ active: false, confirmed: false })).toBe('not confirmed');
    expect(activeLabel({ active: false, confirmed: true })).toBe('no');
    expect(activeLabel({ active: true, confirmed: true })).toBe('yes');
    const dialog = renderDialog(
      vi.fn(async () => ({})),
      { ...EXISTING, active: false, confirmed: false },
    );
    expect(within(dialog).getByText(UNCONFIRMED_HINT)).toBeTruthy();
  });
});
