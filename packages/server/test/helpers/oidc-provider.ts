import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type AccountClaims = Record<string, string | boolean>;

export interface TestOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 with one public client (PKCE, no secret)
 * and its development login/consent pages; any login name signs in as that account.
 */
export async function startOidcProvider(options: {
  clientId: string;
  redirectUri: string;
  accounts: Record<string, AccountClaims>;
}): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        token_endpoint_auth_method: 'none',
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: unknown, id: string) => {
      const claims = Object.hasOwn(options.accounts, id) ? options.accounts[id] : undefined;
      return claims ? { accountId: id, claims: () => ({ sub: id, ...claims }) } : undefined;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the browser keeps between leaving for the provider and coming back. */
export function pkcePair(): { verifier: string; challenge: string; state: string } {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge, state: randomBytes(16).toString('base64url') };
}

/**
 * Plays the browser at the provider: follows redirects with a cookie jar, signs in as `login` and
 * consents, and returns the query the provider sends back to the redirect URL.
 */
export async function authorizeAtProvider(authorizeUrl: string, redirectUrl: string, login: string) {
  const cookies = new Map<string, string>();
  let url = authorizeUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(redirectUrl)) return new URL(url).searchParams;
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      ...(body ? { body } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      body = undefined;
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${String(response.status)}: ${page}`);
    // The development pages: the login form, then the consent form, both posting to the same URL.
    body = page.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('too many redirects at the provider');
}
