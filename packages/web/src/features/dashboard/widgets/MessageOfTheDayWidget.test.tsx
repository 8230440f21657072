import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '@mdis/shared';
import { ADMIN, mockApi, shellAnswers } from '../../../test/mockApi';
import { renderDashboard, testWidget } from '../test/renderDashboard';
import { today } from './messages/messageDates';

const META = { totalCount: 2, pageCount: 1, currentPage: 1, perPage: 20 };

function message(id: number, text: string, date = today()): Message {
  return { id, date, message: text, images: [], author: 'admin', created_at: 0, updated_at: 0, canEdit: true };
}

function serve(messages: Message[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...shellAnswers(ADMIN),
    'GET widgets': {
      status: 200,
      body: {
        items: [testWidget(2, { type: 'MessageOfTheDayWidget', title: 'Message of the Day' })],
        _meta: { totalCount: 1 },
      },
    },
    'GET messages': { status: 200, body: { items: messages, _meta: META } },
    ...extra,
  });
}

// Issue 24 item 15: stale states of the message of the day.
describe('message of the day', { timeout: 20_000 }, () => {
  it('reaches a second message of the same date from the calendar', async () => {
    serve([message(1, 'Drilling starts at six.'), message(2, 'Core 12 is on deck.')]);
    renderDashboard(ADMIN);
    // A day is announced as "26 November 2026"; its ISO date is in data-day. It can be clicked once
    // the messages have loaded (until then every day is disabled).
    const day = await waitFor(() => {
      const found = screen
        .getAllByRole('gridcell')
        .find((cell) => cell.getAttribute('data-day') === today() && cell.hasAttribute('data-has-message'));
      if (!found) throw new Error(`no calendar day ${today()} with a message yet`);
      return found;
    });
    await userEvent.click(day);
    const preview = await screen.findByRole('article', { name: 'message preview' });
    expect(within(preview).getByText('Drilling starts at six.')).toBeTruthy();
    expect(screen.getByText('Message 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'next message of the day' }));
    expect(await screen.findByText('Core 12 is on deck.')).toBeTruthy();
    expect(screen.getByText('Message 2 of 2')).toBeTruthy();
  });

  it("takes back the 30 s 'Message is not valid.' warning when a later save succeeds", async () => {
    let attempts = 0;
    serve([], {
      'POST messages': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 422, body: [{ field: 'message', message: 'Message cannot be blank.' }] }
          : { status: 201, body: message(3, 'Now with text.') };
      },
    });
    renderDashboard(ADMIN);
    await userEvent.click(await screen.findByRole('tab', { name: 'New Message' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Message is not valid.')).toHaveLength(2)); // snackbar + summary
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Now with text.' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(attempts).toBe(2));
    await waitFor(() => expect(screen.queryAllByText('Message is not valid.')).toHaveLength(0));
  });
});
