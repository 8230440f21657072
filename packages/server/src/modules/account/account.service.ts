import {
  ACCOUNT_MESSAGES,
  AppError,
  type AccountProfile,
  type AuthUser,
  type ChangePasswordBody,
  validationError,
} from '@mdis/shared';
import type { Dialect } from '../../infra/db/dialect';
import type { AuthenticatedUser } from '../../infra/auth/authenticated-user';
import { hashPassword, verifyPassword } from '../../infra/auth/password';
import { FORBIDDEN_MESSAGE } from '../../infra/auth/access-control';
import { parseStringList } from '../../infra/db/json-columns';
import { toAuthUser } from '../auth/auth.service';
import { assertUnique, findUserOrThrow, uniqueViolationAsFieldError } from '../users/users.guards';
import type { UsersRepository } from '../users/users.repository';
import type { Db } from '../../infra/db/schema';
import type { AppConfigService } from '../app/app-config.service';

interface Deps {
  db: Db;
  dialect: Dialect;
  users: UsersRepository;
  appConfig: Pick<AppConfigService, 'get'>;
}

/** The signed-in user's own account: `api/v1/account`. */
export function createAccountService({ db, dialect, users, appConfig }: Deps) {
  const asFieldError = uniqueViolationAsFieldError(dialect);

  return {
    /**
     * Any user may keep its own profile and password, a read-only one too: they are no project
     * data, and roles and permissions are not part of the account call. The default user (app
     * config useDefaultUser) is different: everyone is signed in as it without a password, so
     * nobody may change it (nor lock the others out by changing its e-mail or password).
     */
    async assertMayChangeAccount(user: AuthenticatedUser): Promise<void> {
      const defaultUser = await appConfig.get('useDefaultUser');
      if (typeof defaultUser === 'string' && defaultUser !== '' && defaultUser === user.username) {
        throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
      }
    },

    /** Name and e-mail; answers the user object (with the same token) for the client to keep. */
    async updateProfile(user: AuthenticatedUser, profile: AccountProfile): Promise<AuthUser> {
      const email = profile.email.toLowerCase();
      await assertUnique(users, { email }, user.id);
      const row = await users
        .update(user.id, { name: profile.name, email, updated_at: new Date().toISOString() })
        .catch(asFieldError);
      if (!row) throw validationError([{ field: 'email', message: 'User not found.' }]);
      const roles = parseStringList(row.roles);
      return toAuthUser({ ...row, roles, permissions: parseStringList(row.permissions) }, user.token);
    },

    /** The old password proves it is the owner at the keyboard, not someone at an unlocked screen. */
    async changePassword(user: AuthenticatedUser, body: ChangePasswordBody): Promise<{ message: string }> {
      const row = await findUserOrThrow(users, db, user.id);
      if (!(await verifyPassword(row.password_hash, body.oldPassword))) {
        throw validationError([{ field: 'oldPassword', message: ACCOUNT_MESSAGES.oldPasswordWrong }]);
      }
      const passwordHash = await hashPassword(body.newPassword);
      await users.update(user.id, { password_hash: passwordHash, updated_at: new Date().toISOString() });
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
