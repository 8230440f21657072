import type { AuthUser, OAuthConfig } from '@mdis/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuth2Config } from '../src/account-config';
import { buildApp } from '../src/app';
import { migrateToLatest } from '../src/infra/db/migrate';
import { DIALECTS } from './helpers/dialects';
import { buildUser } from './helpers/factories';
import { authorizeAtProvider, pkcePair, startOidcProvider, type TestOidcProvider } from './helpers/oidc-provider';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

const REDIRECT = 'http://mdis.test/app/';

describe.each(DIALECTS)('OAuth2 login against a real OpenID provider (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let provider: TestOidcProvider;

  beforeAll(async () => {
    provider = await startOidcProvider({
      clientId: 'mdis-web',
      redirectUri: REDIRECT,
      accounts: {
        jane: { email: 'Jane@Example.org', email_verified: true, name: 'Jane Provider' },
        newbie: { email: 'new.comer+x@example.org', email_verified: true, name: 'New Comer' },
        unverified: { email: 'jane@example.org', email_verified: false },
      },
    });
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const oauth2: OAuth2Config = {
      issuer: provider.issuer,
      clientId: 'mdis-web',
      clientSecret: undefined,
      redirectUrl: REDIRECT,
      scope: 'openid email profile',
      buttonText: 'Sign in with the institute',
      defaultRole: 'operator',
    };
    app = await buildApp(testConfig({ database: database.config, dataDir: database.dataDir, oauth2 }), { database });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await provider.close();
  });

  async function oauthConfig(): Promise<OAuthConfig> {
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/get-o-auth-2-config' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OAuthConfig>();
  }

  /** The browser's part: to the provider with a PKCE challenge, back with a code. */
  async function signInAtProvider(login: string) {
    const config = await oauthConfig();
    const pkce = pkcePair();
    const url = new URL(config.authUrl);
    for (const [key, value] of Object.entries({
      client_id: config.clientId,
      redirect_uri: config.redirectUrl,
      response_type: 'code',
      scope: config.scope,
      state: pkce.state,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    }))
      url.searchParams.set(key, value);
    const back = await authorizeAtProvider(url.toString(), config.redirectUrl, login);
    expect(back.get('state')).toBe(pkce.state);
    return {
      code: back.get('code') ?? '',
      state: pkce.state,
      iss: back.get('iss') ?? undefined,
      verifier: pkce.verifier,
    };
  }

  const finish = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/handle-successful-o-auth', payload });

  it('tells the client where to sign in, and that OAuth2 is on', async () => {
    expect(await oauthConfig()).toEqual({
      clientId: 'mdis-web',
      authUrl: `${provider.issuer}/auth`,
      scope: 'openid email profile',
      redirectUrl: REDIRECT,
      frontendButtonText: 'Sign in with the institute',
    });
    const config = await app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(config.json()).toMatchObject({ UseOAuth2: true, CanSendEmails: false });
  });

  it('signs in the existing user with the confirmed e-mail, answering like login', async () => {
    const jane = await buildUser(database.db, { username: 'jane.d', email: 'jane@example.org', roles: ['developer'] });
    const { code, state, iss, verifier } = await signInAtProvider('jane');
    const response = await finish({ code, state, iss, codeVerifier: verifier });
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json<AuthUser>();
    expect(user).toMatchObject({ id: jane.id, username: 'jane.d', email: 'jane@example.org', roles: ['developer'] });
    expect(response.cookies.find((c) => c.name === 'mdis_session')?.value).toBe(user.token);
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(me.json<AuthUser>().username).toBe('jane.d');
    // A code is good for one exchange only.
    expect((await finish({ code, state, iss, codeVerifier: verifier })).statusCode).toBe(422);
  });

  it('creates a new user with the configured default role on the first login', async () => {
    const { code, state, iss, verifier } = await signInAtProvider('newbie');
    const response = await finish({ code, state, iss, codeVerifier: verifier });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AuthUser>()).toMatchObject({
      username: 'new.comerx',
      email: 'new.comer+x@example.org',
      roles: ['operator'],
      profile: { name: 'New Comer', email: 'new.comer+x@example.org' },
    });
    const again = await signInAtProvider('newbie');
    const second = await finish({ code: again.code, state: again.state, iss: again.iss, codeVerifier: again.verifier });
    expect(second.json<AuthUser>().id).toBe(response.json<AuthUser>().id);
  });

  it('refuses a wrong PKCE verifier and an unconfirmed e-mail address', async () => {
    const stolen = await signInAtProvider('jane');
    const wrong = await finish({
      code: stolen.code,
      state: stolen.state,
      iss: stolen.iss,
      codeVerifier: 'x'.repeat(43),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual([{ field: 'code', message: 'The OAuth2 login failed. Please try again.' }]);
    const unverified = await signInAtProvider('unverified');
    const refused = await finish({
      code: unverified.code,
      state: unverified.state,
      iss: unverified.iss,
      codeVerifier: unverified.verifier,
    });
    expect(refused.json()).toEqual([
      { field: 'email', message: 'The OAuth2 provider did not confirm an e-mail address for this account.' },
    ]);
    expect((await finish({ code: '' })).statusCode).toBe(422);
  });
});

describe('OAuth2 login when it is off or the provider is down', () => {
  async function appWith(oauth2: OAuth2Config | undefined) {
    const database = await createTestDatabase('sqlite');
    await migrateToLatest(database.db);
    const config = testConfig({ database: database.config, dataDir: database.dataDir, ...(oauth2 ? { oauth2 } : {}) });
    const app = await buildApp(config, { database });
    const close = async () => {
      await app.close();
      await database.destroy();
    };
    return { app, close };
  }

  it('answers 400 when OAuth2 is not configured', async () => {
    const { app, close } = await appWith(undefined);
    try {
      const response = await app.inject({ method: 'POST', url: '/api/v1/auth/get-o-auth-2-config' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'OAuth2 login is not enabled.' });
      expect((await app.inject({ method: 'GET', url: '/api/v1/app/config/UseOAuth2' })).body).toBe('false');
    } finally {
      await close();
    }
  });

  it('answers 503 with a message the login page shows when the provider cannot be reached', async () => {
    const down = { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: undefined, redirectUrl: REDIRECT };
    const { app, close } = await appWith({ ...down, scope: 'openid email', buttonText: 'b', defaultRole: 'viewer' });
    try {
      const response = await app.inject({ method: 'POST', url: '/api/v1/auth/get-o-auth-2-config' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        message: 'The OAuth2 provider cannot be reached. Please try again later.',
      });
    } finally {
      await close();
    }
  });
});
