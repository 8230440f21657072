import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '@mdis/shared';
import { VIEWER, fetchedUrls, mockApi, shellAnswers } from '../../../test/mockApi';
import { renderDashboard } from '../test/renderDashboard';
import { today } from '../widgets/messages/messageDates';
import { WELCOME_DAY_KEY } from './useWelcomeMessages';

const MESSAGE: Message = {
  id: 4,
  date: today(),
  message: 'Safety briefing at 8:00',
  images: [],
  author: 'Ada Admin',
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  canEdit: false,
};

function serve(messages: Message[]) {
  return mockApi({
    ...shellAnswers(VIEWER),
    'GET widgets': { status: 200, body: { items: [], _meta: { totalCount: 0 } } },
    'GET app/get-messages': { status: 200, body: messages },
  });
}

const welcomeCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchedUrls(fetchMock).filter((url) => url.startsWith('api/v1/app/get-messages'));

describe('Welcome dialog', () => {
  it("lists today's messages once per day of the week and closes with Close", async () => {
    const fetchMock = serve([MESSAGE]);
    const first = renderDashboard(VIEWER);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome' });
    expect(within(dialog).getByText('Safety briefing at 8:00')).toBeTruthy();
    expect(welcomeCalls(fetchMock)).toEqual([`api/v1/app/get-messages?date=${today()}`]);
    expect(localStorage.getItem(WELCOME_DAY_KEY)).toBe(String(new Date().getDay()));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome' })).toBeNull());

    first.unmount();
    renderDashboard(VIEWER);
    await screen.findByRole('heading', { name: 'Dashboard' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(welcomeCalls(fetchMock)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Welcome' })).toBeNull();
  });

  it('stays closed on a day without messages', async () => {
    const fetchMock = serve([]);
    renderDashboard(VIEWER);
    await waitFor(() => expect(welcomeCalls(fetchMock)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog', { name: 'Welcome' })).toBeNull();
  });
});
