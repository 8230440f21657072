import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ADMIN, VIEWER, mockApi, shellAnswers } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const DEVELOPER = { ...ADMIN, id: 3, username: 'dev', token: 'dev-token', roles: ['developer' as const] };

describe('the forms overview with no form offered', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a developer the way to the template manager', async () => {
    mockApi(shellAnswers(DEVELOPER));
    renderApp('/forms', { user: DEVELOPER });
    expect(await screen.findByText('No forms yet', { selector: 'p' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open the template manager' });
    expect(link.getAttribute('href')).toBe('/settings/templates-manager');
  });

  it('tells anyone else whom to ask, without a button they could not use', async () => {
    mockApi(shellAnswers(VIEWER));
    renderApp('/forms', { user: VIEWER });
    expect(await screen.findByText(/An administrator can give you access/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the template manager' })).toBeNull();
  });
});
