import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@mdis/shared';
import { ADMIN, mockApi, sentBodies, shellAnswers } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const DEVELOPER = { ...ADMIN, roles: ['developer'], permissions: ['form-core:edit'] };

describe('account page', () => {
  it('saves the profile and keeps the changed user', async () => {
    const saved = { ...DEVELOPER, email: 'new@example.org', profile: { name: 'New Name', email: 'new@example.org' } };
    const fetchMock = mockApi({ ...shellAnswers(DEVELOPER), 'PUT account': { status: 200, body: saved } });
    renderApp('/settings/account', { user: DEVELOPER });
    const profile = await screen.findByRole('form', { name: 'profile' });
    const name = within(profile).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'New Name');
    await userEvent.clear(within(profile).getByLabelText('Email'));
    await userEvent.type(within(profile).getByLabelText('Email'), 'new@example.org');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save Profile' }));
    expect(await within(profile).findByText('Profile saved.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'account')).toEqual([{ name: 'New Name', email: 'new@example.org' }]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      profile: { name: 'New Name' },
    });
    expect(screen.getByText('form-core:edit')).toBeTruthy();
  });

  it('shows a taken e-mail under the field', async () => {
    mockApi({
      ...shellAnswers(DEVELOPER),
      'PUT account': { status: 422, body: [{ field: 'email', message: 'This email address has already been taken.' }] },
    });
    renderApp('/settings/account', { user: DEVELOPER });
    const profile = await screen.findByRole('form', { name: 'profile' });
    await userEvent.click(within(profile).getByRole('button', { name: 'Save Profile' }));
    expect(await within(profile).findByText('This email address has already been taken.')).toBeTruthy();
  });

  it('changes the password: mismatch caught first, a wrong old password under its field, then success', async () => {
    let answer = {
      status: 422,
      body: [{ field: 'oldPassword', message: 'The old password is incorrect.' }] as unknown,
    };
    mockApi({ ...shellAnswers(DEVELOPER), 'POST account/change-password': () => answer });
    renderApp('/settings/account', { user: DEVELOPER });
    const form = await screen.findByRole('form', { name: 'change password' });
    await userEvent.type(within(form).getByLabelText('Old password'), 'old-password');
    await userEvent.type(within(form).getByLabelText('New password'), 'new-password');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'other-password');
    await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText('The new password and its confirmation do not match.')).toBeTruthy();

    await userEvent.clear(within(form).getByLabelText('Confirm new password'));
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'new-password');
    await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText('The old password is incorrect.')).toBeTruthy();

    answer = { status: 200, body: { message: 'Password updated successfully' } };
    await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText('Password updated successfully')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>('Old password').value).toBe('');
  });

  it("lets a read-only user edit its profile and password, but not the default user's", async () => {
    const reader = { ...ADMIN, username: 'reader', roles: ['readOnly'], permissions: [] };
    mockApi(shellAnswers(reader));
    const first = renderApp('/settings/account', { user: reader });
    const profile = await screen.findByRole('form', { name: 'profile' });
    expect(within(profile).getByRole('button', { name: 'Save Profile' }).hasAttribute('disabled')).toBe(false);
    first.unmount();
    localStorage.clear();
    mockApi({ ...shellAnswers(reader), 'GET app/config': { status: 200, body: { useDefaultUser: 'reader' } } });
    renderApp('/settings/account', { user: reader });
    const locked = await screen.findByRole('form', { name: 'profile' });
    await vi.waitFor(() => {
      expect(within(locked).getByRole('button', { name: 'Save Profile' }).hasAttribute('disabled')).toBe(true);
    });
  });
});
