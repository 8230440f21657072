import {
  ACCOUNT_MESSAGES,
  AppError,
  type AuthUser,
  type OAuthCallback,
  type OAuthConfig,
  validationError,
} from '@mdis/shared';
import * as oidc from 'openid-client';
import type { OAuth2Config } from '../../account-config';
import type { TokenService } from '../../infra/auth/token.service';
import { parseStringList } from '../../infra/db/json-columns';
import { toAuthUser } from '../auth/auth.service';
import type { UsersRepository } from '../users/users.repository';
import { accountForEmail } from './oauth-account';

interface Deps {
  config: OAuth2Config | undefined;
  users: UsersRepository;
  tokens: TokenService;
  logError: (error: unknown, message: string) => void;
}

type LogError = Deps['logError'];

// Plain http only towards this machine (a provider in tests or on the same host); anywhere else
// the code and tokens must travel over TLS.
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

function discover(config: OAuth2Config): Promise<oidc.Configuration> {
  const issuer = new URL(config.issuer);
  const auth = config.clientSecret ? oidc.ClientSecretPost(config.clientSecret) : oidc.None();
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only as a warning sign; loopback only
  const insecure = issuer.protocol === 'http:' && isLoopback(issuer) ? [oidc.allowInsecureRequests] : [];
  return oidc.discovery(issuer, config.clientId, undefined, auth, { execute: insecure, timeout: 10 });
}

/** The ID token's and the userinfo endpoint's claims for the code the browser brought back. */
async function claimsOf(
  configuration: oidc.Configuration,
  settings: OAuth2Config,
  callback: OAuthCallback,
  logError: LogError,
) {
  const currentUrl = new URL(settings.redirectUrl);
  currentUrl.searchParams.set('code', callback.code);
  if (callback.state !== undefined) currentUrl.searchParams.set('state', callback.state);
  if (callback.iss !== undefined) currentUrl.searchParams.set('iss', callback.iss);
  try {
    const grant = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: callback.codeVerifier,
      expectedState: callback.state,
      idTokenExpected: true,
    });
    const idToken = grant.claims();
    if (!idToken) throw new Error('no ID token');
    return { ...idToken, ...(await oidc.fetchUserInfo(configuration, grant.access_token, idToken.sub)) };
  } catch (error) {
    logError(error, 'OAuth2 code exchange failed');
    throw validationError([{ field: 'code', message: ACCOUNT_MESSAGES.oauthFailed }]);
  }
}

/** OAuth2 / OpenID Connect login: authorization code with PKCE; the browser holds the verifier. */
export function createOAuthService({ config, users, tokens, logError }: Deps) {
  let discovered: Promise<oidc.Configuration> | undefined;

  async function provider(settings: OAuth2Config): Promise<oidc.Configuration> {
    discovered ??= discover(settings);
    try {
      return await discovered;
    } catch (error) {
      // The next call tries again: the provider may just have been down.
      discovered = undefined;
      logError(error, 'OAuth2 discovery failed');
      throw new AppError('SERVICE_UNAVAILABLE', ACCOUNT_MESSAGES.oauthUnavailable);
    }
  }

  const enabled = (): OAuth2Config => {
    if (!config) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.oauthDisabled);
    return config;
  };

  return {
    /** What the login button needs to send the browser to the provider. */
    async getConfig(): Promise<OAuthConfig> {
      const settings = enabled();
      const configuration = await provider(settings);
      return {
        clientId: settings.clientId,
        authUrl: configuration.serverMetadata().authorization_endpoint ?? '',
        scope: settings.scope,
        redirectUrl: settings.redirectUrl,
        frontendButtonText: settings.buttonText,
      };
    },

    /** Exchanges the code, matches the user by the confirmed e-mail and answers like login. */
    async handleCallback(callback: OAuthCallback): Promise<AuthUser> {
      const settings = enabled();
      const claims = await claimsOf(await provider(settings), settings, callback, logError);
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      // An unconfirmed address could be anybody's: it must not open the account that owns it here.
      if (email === '' || claims.email_verified === false) {
        throw validationError([{ field: 'email', message: ACCOUNT_MESSAGES.oauthNoEmail }]);
      }
      const name = typeof claims.name === 'string' ? claims.name : '';
      const row = await accountForEmail(users, settings.defaultRole, { email, name });
      if (row.active !== 1) throw validationError([{ field: 'email', message: ACCOUNT_MESSAGES.oauthInactive }]);
      const token = await tokens.issue(row.id);
      await users.setLastLogin(row.id, new Date().toISOString());
      return toAuthUser(
        { ...row, roles: parseStringList(row.roles), permissions: parseStringList(row.permissions) },
        token,
      );
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
