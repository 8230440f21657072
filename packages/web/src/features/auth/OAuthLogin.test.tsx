import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@mdis/shared';
import { ADMIN, fetchedUrls, mockApi, sentBodies, shellAnswers } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { readOAuthReturn, startOAuthLogin } from './oauthFlow';

const OAUTH_CONFIG = {
  clientId: 'mdis-web',
  authUrl: 'https://id.example.org/auth',
  scope: 'openid email profile',
  redirectUrl: 'https://mdis.example.org/',
  frontendButtonText: 'Sign in with the institute',
};
const withOAuth = { 'GET app/config': { status: 200, body: { UseOAuth2: true } } };

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('OAuth2 login', () => {
  it('builds the authorization URL with an S256 challenge of the verifier it keeps, and the state', async () => {
    const url = new URL(await startOAuthLogin(OAUTH_CONFIG, '/settings'));
    const pending = JSON.parse(sessionStorage.getItem('oauth2-pending') ?? '{}') as Record<string, string>;
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'mdis-web',
      redirect_uri: 'https://mdis.example.org/',
      response_type: 'code',
      scope: 'openid email profile',
      state: pending.state,
      code_challenge_method: 'S256',
    });
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pending.verifier));
    const expected = btoa(String.fromCharCode(...new Uint8Array(digest)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(url.searchParams.get('code_challenge')).toBe(expected);
    expect(pending.redirect).toBe('/settings');
    expect(readOAuthReturn('?code=c&state=s&iss=i')).toEqual({ code: 'c', state: 's', iss: 'i', error: null });
    expect(readOAuthReturn('?redirect=x')).toBeNull();
  });

  it('shows the button with the configured text and sends the browser to the provider', async () => {
    mockApi({ ...withOAuth, 'POST auth/get-o-auth-2-config': { status: 200, body: OAUTH_CONFIG } });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderApp('/login');
    const button = await screen.findByRole('button', { name: 'Sign in with the institute' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(String(assign.mock.calls[0]?.[0])).toMatch(/^https:\/\/id\.example\.org\/auth\?client_id=mdis-web&/);
  });

  it('shows the server message and disables the button when the config cannot be had', async () => {
    mockApi({
      ...withOAuth,
      'POST auth/get-o-auth-2-config': { status: 400, body: { message: 'OAuth2 login is not enabled.' } },
    });
    renderApp('/login');
    expect(await screen.findByText('OAuth2 login is not enabled.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login with OAuth2' }).hasAttribute('disabled')).toBe(true);
  });

  it('finishes the login when the provider sends the browser back with the code', async () => {
    sessionStorage.setItem(
      'oauth2-pending',
      JSON.stringify({ verifier: 'v'.repeat(43), state: 'st', redirect: '/settings' }),
    );
    window.history.replaceState(null, '', '/?code=the-code&state=st&iss=https%3A%2F%2Fid.example.org');
    const fetchMock = mockApi({
      ...shellAnswers(ADMIN),
      ...withOAuth,
      'POST auth/get-o-auth-2-config': { status: 200, body: OAUTH_CONFIG },
      'POST auth/handle-successful-o-auth': { status: 200, body: ADMIN },
    });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ token: 'admin-token' });
    expect(sentBodies(fetchMock, 'handle-successful-o-auth')).toEqual([
      {
        code: 'the-code',
        codeVerifier: 'v'.repeat(43),
        state: 'st',
        iss: 'https://id.example.org',
      },
    ]);
    expect(window.location.search).toBe('');
  });

  it('refuses an answer whose state this browser did not send', async () => {
    sessionStorage.setItem(
      'oauth2-pending',
      JSON.stringify({ verifier: 'v'.repeat(43), state: 'mine', redirect: null }),
    );
    window.history.replaceState(null, '', '/?code=the-code&state=forged');
    const fetchMock = mockApi({ ...withOAuth, 'POST auth/get-o-auth-2-config': { status: 200, body: OAUTH_CONFIG } });
    renderApp('/login');
    expect(await screen.findByText('The OAuth2 answer does not belong to this login. Please try again.')).toBeTruthy();
    expect(fetchedUrls(fetchMock).some((url) => url.includes('handle-successful-o-auth'))).toBe(false);
  });
});
