import type { OAuthConfig } from '@mdis/shared';

/** What the browser keeps while it is away at the provider (one tab: sessionStorage). */
interface PendingOAuth {
  verifier: string;
  state: string;
  redirect: string | null;
}

const PENDING_KEY = 'oauth2-pending';
export const OAUTH_INSECURE_MESSAGE = 'OAuth2 login needs a secure (https) connection to this site.';
export const OAUTH_STATE_MESSAGE = 'The OAuth2 answer does not belong to this login. Please try again.';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const randomText = (length: number) => base64url(crypto.getRandomValues(new Uint8Array(length)));

/** The provider's authorization URL with a fresh PKCE challenge (S256) and state; remembers both. */
export async function startOAuthLogin(config: OAuthConfig, redirect: string | null): Promise<string> {
  // crypto.subtle exists only in secure contexts (https, localhost).
  if (typeof crypto === 'undefined' || !('subtle' in crypto)) throw new Error(OAUTH_INSECURE_MESSAGE);
  const verifier = randomText(32);
  const state = randomText(16);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  const pending: PendingOAuth = { verifier, state, redirect };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(config.authUrl);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', config.redirectUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', config.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', base64url(new Uint8Array(digest)));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

export interface OAuthReturn {
  code: string | null;
  state: string | null;
  iss: string | null;
  error: string | null;
}

/** The provider's answer in the page's query (`?code=&state=` or `?error=`), or null. */
export function readOAuthReturn(search: string): OAuthReturn | null {
  const params = new URLSearchParams(search);
  if (!params.has('code') && !params.has('error')) return null;
  return {
    code: params.get('code'),
    state: params.get('state'),
    iss: params.get('iss'),
    error: params.get('error_description') ?? params.get('error'),
  };
}

/** The pending login the answer belongs to (used up), or null when the state does not match. */
export function takePendingOAuth(state: string | null): PendingOAuth | null {
  const text = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!text) return null;
  try {
    const pending = JSON.parse(text) as PendingOAuth;
    return pending.state === state ? pending : null;
  } catch {
    return null;
  }
}
