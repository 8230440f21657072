import { type AuthUser, AUTH_MESSAGES, effectivePermissions, type LoginBody, validationError } from '@mdis/shared';
import type { AuthenticatedUser } from '../../infra/auth/authenticated-user';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../infra/auth/password';
import type { TokenService } from '../../infra/auth/token.service';
import { parseStringList } from '../../infra/db/json-columns';
import type { UserRow } from '../../infra/db/schema';
import type { AppConfigService } from '../app/app-config.service';
import type { UsersRepository } from '../users/users.repository';
import type { LoginRateLimit } from './login-rate-limit';

interface Deps {
  users: UsersRepository;
  tokens: TokenService;
  rateLimit: LoginRateLimit;
  appConfig: AppConfigService;
  now?: () => Date;
}

/** The login answer: the original's user object. */
export function toAuthUser(user: Omit<AuthenticatedUser, 'token'>, token: string): AuthUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    token,
    roles: user.roles,
    permissions: effectivePermissions(user),
    profile: { name: user.name, email: user.email },
  };
}

// The default user is signed in for anyone who opens the app, so it must hold readOnly and
// nothing that could pass a role check above viewer.
function isAnonymousSafe(roles: string[]): boolean {
  return roles.includes('readOnly') && roles.every((role) => role === 'readOnly' || role === 'viewer');
}

function fromRow(row: UserRow) {
  return { ...row, roles: parseStringList(row.roles), permissions: parseStringList(row.permissions) };
}

export function createAuthService({ users, tokens, rateLimit, appConfig, now = () => new Date() }: Deps) {
  async function signIn(row: UserRow): Promise<AuthUser> {
    const token = await tokens.issue(row.id);
    await users.setLastLogin(row.id, now().toISOString());
    return toAuthUser(fromRow(row), token);
  }

  return {
    async login(body: LoginBody, ip: string): Promise<AuthUser> {
      const row = await users.findByLogin(body.username);
      // Throttled per account, whichever of its names was typed; a name that is none counts alone.
      const account = row ? `id:${String(row.id)}` : `name:${body.username.trim().toLowerCase()}`;
      await rateLimit.takeSlot(ip, account);
      const valid = row
        ? await verifyPassword(row.password_hash, body.password)
        : await verifyAgainstDummy(body.password);
      if (!row || !valid) {
        throw await rateLimit.recordFailure(
          ip,
          validationError([{ field: 'password', message: AUTH_MESSAGES.wrongCredentials }]),
        );
      }
      // Only a holder of the right password learns that the account is inactive.
      if (row.active !== 1) {
        const message = row.confirmed === 1 ? AUTH_MESSAGES.inactive : AUTH_MESSAGES.unconfirmed;
        throw validationError([{ field: 'password', message }]);
      }
      await rateLimit.recordSuccess(ip, account);
      // A hash migrated from mDIS v3 (bcrypt) becomes ours with the first password that matches it.
      if (needsRehash(row.password_hash))
        await users.update(row.id, { password_hash: await hashPassword(body.password) });
      return signIn(row);
    },

    /** Signs in the read-only user named by app config `useDefaultUser`. */
    async loginDefaultUser(): Promise<AuthUser> {
      const username = await appConfig.get('useDefaultUser');
      const row = typeof username === 'string' && username !== '' ? await users.findByUsername(username) : undefined;
      const usable = row && row.active === 1 && isAnonymousSafe(parseStringList(row.roles));
      if (!row || !usable) throw validationError([{ field: 'username', message: AUTH_MESSAGES.noDefaultUser }]);
      return signIn(row);
    },

    refresh: (user: AuthenticatedUser): AuthUser => toAuthUser(user, user.token),

    logout: (user: AuthenticatedUser) => tokens.revoke(user.token),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
