import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@mdis/shared';
import { ADMIN, fetchedUrls, mockApi, shellAnswers } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

function helperTextOf(input: HTMLElement): string {
  const id = input.getAttribute('aria-describedby');
  return (id && document.getElementById(id)?.textContent) || '';
}

describe('login page', () => {
  it("requires both fields with 'This is required' and sends nothing", async () => {
    const fetchMock = mockApi({ 'GET app/config': { status: 200, body: {} } });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(await screen.findAllByText('This is required')).toHaveLength(2);
    expect(fetchedUrls(fetchMock).some((url) => url.includes('auth/login'))).toBe(false);
  });

  it('shows the 422 messages under the password field', async () => {
    mockApi({
      'GET app/config': { status: 200, body: {} },
      'POST auth/login': { status: 422, body: [{ field: 'password', message: 'Incorrect username or password.' }] },
    });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Username / Email'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() =>
      expect(helperTextOf(screen.getByLabelText('Password'))).toBe('Incorrect username or password.'),
    );
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('shows other failures, such as the rate limit, as an alert', async () => {
    mockApi({
      'GET app/config': { status: 200, body: {} },
      'POST auth/login': {
        status: 429,
        body: { message: 'Too many login attempts. Please wait a minute and try again.' },
      },
    });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Username / Email'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Too many login attempts. Please wait a minute and try again.',
    );
  });

  it('signs in, stores the user and goes to the redirect', async () => {
    mockApi({ ...shellAnswers(ADMIN), 'POST auth/login': { status: 200, body: ADMIN } });
    renderApp('/login?redirect=%2Fsettings');
    await userEvent.type(await screen.findByLabelText('Username / Email'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'admin-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/settings');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ token: 'admin-token' });
  });

  it('toggles the password visibility', async () => {
    mockApi({ 'GET app/config': { status: 200, body: {} } });
    renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'toggle password visibility' }));
    expect(password.getAttribute('type')).toBe('text');
  });

  it('offers Forgot Password only when the server can send e-mails', async () => {
    mockApi({ 'GET app/config': { status: 200, body: { CanSendEmails: true } } });
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Forgot Password' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /OAuth2/ })).toBeNull();
  });
});
