import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@mdis/shared';
import { fetchedUrls, mockApi, sentBodies } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const SENT =
  'An email has been sent with instructions for resetting your password. You will be able to send a new request after 6 hours since your last request.';
const config = { 'GET app/config': { status: 200, body: { CanSendEmails: true } } };

async function openDialog() {
  renderApp('/login');
  await userEvent.click(await screen.findByRole('button', { name: 'Forgot Password' }));
  return screen.findByRole('dialog', { name: 'Forgot Password' });
}

async function send(dialog: HTMLElement, email: string) {
  await userEvent.type(within(dialog).getByLabelText('Email'), email);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
}

describe('Forgot Password dialog', () => {
  it("checks the address first: 'Please enter a valid email', nothing sent", async () => {
    const fetchMock = mockApi(config);
    const dialog = await openDialog();
    await send(dialog, 'not-an-address');
    expect(await within(dialog).findByText('Please enter a valid email')).toBeTruthy();
    expect(fetchedUrls(fetchMock).some((url) => url.includes('send-recovery-email'))).toBe(false);
  });

  it('sends the request, shows the note and stays sent for 6 hours (browser storage)', async () => {
    const fetchMock = mockApi({ ...config, 'POST auth/send-recovery-email': { status: 200, body: { message: SENT } } });
    const dialog = await openDialog();
    await send(dialog, 'jane@example.org');
    expect(await within(dialog).findByText(SENT)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull();
    const sentAt = Number(localStorage.getItem(STORAGE_KEYS.recoveryEmailSentAt));
    expect(Date.now() - sentAt).toBeLessThan(5000);
    expect(sentBodies(fetchMock, 'send-recovery-email')).toEqual([{ email: 'jane@example.org' }]);
  });

  it('opens in the sent state while the last request is younger than 6 hours', async () => {
    localStorage.setItem(STORAGE_KEYS.recoveryEmailSentAt, String(Date.now() - 5 * 3600_000));
    mockApi(config);
    const dialog = await openDialog();
    expect(within(dialog).getByText(SENT)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Email')).toBeNull();
  });

  it('offers the form again after 6 hours', async () => {
    localStorage.setItem(STORAGE_KEYS.recoveryEmailSentAt, String(Date.now() - 7 * 3600_000));
    mockApi(config);
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText('Email')).toBeTruthy();
  });

  it('shows the server message for still_valid, not_found and is_ldap, else Invalid email', async () => {
    let answer = { field: 'email', kind: 'not_found', message: 'There is no user with this email address.' };
    mockApi({ ...config, 'POST auth/send-recovery-email': () => ({ status: 422, body: [answer] }) });
    const dialog = await openDialog();
    await send(dialog, 'nobody@example.org');
    expect(await within(dialog).findByText('There is no user with this email address.')).toBeTruthy();
    answer = { field: 'email', kind: 'something_else', message: 'Odd server text' };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Invalid email')).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByText('Odd server text')).toBeNull());
    expect(localStorage.getItem(STORAGE_KEYS.recoveryEmailSentAt)).toBeNull();
  });
});
