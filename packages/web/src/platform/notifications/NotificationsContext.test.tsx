import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationsProvider, useNotifications } from './NotificationsContext';

function Buttons() {
  const { notify, warn, clear } = useNotifications();
  return (
    <>
      <button
        onClick={() => {
          notify('saved');
        }}
      >
        short
      </button>
      <button
        onClick={() => {
          notify('x'.repeat(51));
        }}
      >
        long
      </button>
      <button
        onClick={() => {
          warn('server says no');
        }}
      >
        warn
      </button>
      <button onClick={clear}>clear</button>
    </>
  );
}

describe('notifications', () => {
  it('shows a one-line info snackbar by default', async () => {
    render(
      <NotificationsProvider>
        <Buttons />
      </NotificationsProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'short' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('saved');
    expect(alert.className).toContain('MuiAlert-filledInfo');
    expect(alert.getAttribute('data-multiline')).toBe('false');
  });

  it('goes multi-line above 50 characters', async () => {
    render(
      <NotificationsProvider>
        <Buttons />
      </NotificationsProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'long' }));
    expect((await screen.findByRole('alert')).getAttribute('data-multiline')).toBe('true');
  });

  it('shows warnings in the warning colour', async () => {
    render(
      <NotificationsProvider>
        <Buttons />
      </NotificationsProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'warn' }));
    expect((await screen.findByRole('alert')).className).toContain('MuiAlert-filledWarning');
  });

  it('clear drops the message showing and those queued (logout)', async () => {
    render(
      <NotificationsProvider>
        <Buttons />
      </NotificationsProvider>,
    );
    // a warning showing and a message in line behind it
    await userEvent.click(screen.getByRole('button', { name: 'warn' }));
    await userEvent.click(screen.getByRole('button', { name: 'short' }));
    expect((await screen.findByRole('alert')).textContent).toBe('server says no');
    await userEvent.click(screen.getByRole('button', { name: 'clear' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('a 30 s warning gives way to the next message after 2 s instead of hiding it for 30 s', async () => {
    render(
      <NotificationsProvider>
        <Buttons />
      </NotificationsProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'warn' }));
    expect((await screen.findByRole('alert')).textContent).toBe('server says no');
    await userEvent.click(screen.getByRole('button', { name: 'short' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('saved'), { timeout: 4000 });
  });

  it('a new message replaces a confirmation on show at once instead of waiting behind it', async () => {
    render(
      <NotificationsProvider>
        <Buttons />
      </NotificationsProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'short' }));
    expect((await screen.findByRole('alert')).textContent).toBe('saved');
    await userEvent.click(screen.getByRole('button', { name: 'long' }));
    // no waiting: the next save's confirmation is there as soon as it is notified
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['x'.repeat(51)]);
  });
});
