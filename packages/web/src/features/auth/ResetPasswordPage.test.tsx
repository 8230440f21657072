import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppProviders, createQueryClient } from '../../app/providers/AppProviders';
import { AppRoutes } from '../../app/router/AppRoutes';
import { mockApi, sentBodies } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const appConfig = { 'GET app/config': { status: 200, body: {} } };

describe('reset password page', () => {
  it('checks the link, takes the new password and shows the success with a link to login', async () => {
    const fetchMock = mockApi({
      ...appConfig,
      'POST auth/check-recovery-link': { status: 200, body: { valid: true, username: 'jane' } },
      'POST auth/reset-password': {
        status: 200,
        body: { message: 'Congratulations, Your password has been changed.' },
      },
    });
    renderApp('/reset-password/7/secret-code');
    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeTruthy();
    expect(await screen.findByText('jane')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('This is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(/Congratulations, Your password has been changed\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Go to login' }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(sentBodies(fetchMock, 'check-recovery-link')).toEqual([{ userId: 7, code: 'secret-code' }]);
    expect(sentBodies(fetchMock, 'reset-password')).toEqual([
      { userId: 7, code: 'secret-code', password: 'brand-new-password' },
    ]);
  });

  it("shows 'Not Valid' with the server message for a used or expired link", async () => {
    mockApi({
      ...appConfig,
      'POST auth/check-recovery-link': {
        status: 422,
        body: [{ field: 'code', message: 'This password recovery link is not valid or has expired.' }],
      },
    });
    renderApp('/reset-password/7/old-code');
    expect(await screen.findByText('Not Valid')).toBeTruthy();
    expect(screen.getByText('This password recovery link is not valid or has expired.')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('shows a 422 of the reset under the password field', async () => {
    mockApi({
      ...appConfig,
      'POST auth/check-recovery-link': { status: 200, body: { valid: true, username: 'jane' } },
      'POST auth/reset-password': {
        status: 422,
        body: [{ field: 'password', message: 'Password should contain at least 8 characters.' }],
      },
    });
    renderApp('/reset-password/7/code');
    await userEvent.type(await screen.findByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password should contain at least 8 characters.')).toBeTruthy();
  });

  it('reopened in the same tab after the reset, the used link shows Not Valid, not the form', async () => {
    let used = false;
    mockApi({
      ...appConfig,
      'POST auth/check-recovery-link': () =>
        used
          ? {
              status: 422,
              body: [{ field: 'code', message: 'This password recovery link is not valid or has expired.' }],
            }
          : { status: 200, body: { valid: true, username: 'jane' } },
      'POST auth/reset-password': () => {
        used = true;
        return { status: 200, body: { message: 'Congratulations, Your password has been changed.' } };
      },
    });
    // One query cache for both visits, as a single-page app keeps it while the tab stays open.
    const queryClient = createQueryClient();
    const openLink = () =>
      render(
        <MemoryRouter initialEntries={['/reset-password/7/once']}>
          <AppProviders queryClient={queryClient}>
            <AppRoutes />
          </AppProviders>
        </MemoryRouter>,
      );
    const first = openLink();
    await userEvent.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(/Congratulations/)).toBeTruthy();
    first.unmount();

    openLink();
    expect(await screen.findByText('Not Valid')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  }, 20_000);
});
