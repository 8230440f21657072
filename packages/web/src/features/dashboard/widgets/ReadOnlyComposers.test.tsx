import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AuthUser } from '@mdis/shared';
import { VIEWER, mockApi, shellAnswers } from '../../../test/mockApi';
import { renderDashboard, testWidget } from '../test/renderDashboard';

const META = { totalCount: 0, pageCount: 0, currentPage: 1, perPage: 5 };
const DEFAULT_USER: AuthUser = { ...VIEWER, id: 3, username: 'default', token: 'default-token', roles: ['readOnly'] };
const READ_ONLY_VIEWER: AuthUser = { ...VIEWER, roles: ['viewer', 'readOnly'] };

function serve(user: AuthUser) {
  mockApi({
    ...shellAnswers(user),
    'GET widgets': {
      status: 200,
      body: {
        items: [
          testWidget(1, { type: 'PostBoxWidget', title: 'Posts' }),
          testWidget(2, { type: 'MessageOfTheDayWidget', title: 'Message of the Day' }),
        ],
        _meta: { totalCount: 2 },
      },
    },
    'GET posts': { status: 200, body: { items: [], _meta: META } },
    'GET messages': { status: 200, body: { items: [], _meta: META } },
  });
}

// Issue 24 item 12: a read-only user was offered the composers and then refused with 403.
describe('post composer and New Message tab', { timeout: 15_000 }, () => {
  it.each([
    ['the default user', DEFAULT_USER],
    ['a read-only viewer', READ_ONLY_VIEWER],
  ])('are not offered to %s', async (_, user) => {
    serve(user);
    renderDashboard(user);
    expect(await screen.findByText('No posts yet.')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Last Message' })).toBeTruthy();
    expect(screen.queryByLabelText('Write a post')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'New Message' })).toBeNull();
  });

  it('are offered to a viewer who may write', async () => {
    serve(VIEWER);
    renderDashboard(VIEWER);
    expect(await screen.findByLabelText('Write a post')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'New Message' })).toBeTruthy();
  });
});
