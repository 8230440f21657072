import {
  ACCOUNT_MESSAGES,
  type AccountProfile,
  type AuthUser,
  type ChangePasswordBody,
  validationError,
} from '@mdis/shared';
import type { Dialect } from '../../config';
import type { AuthenticatedUser } from '../../infra/auth/authenticated-user';
import { hashPassword, verifyPassword } from '../../infra/auth/password';
import { assertMayWrite } from '../../infra/auth/authorship';
import { parseStringList } from '../../infra/db/json-columns';
import { toAuthUser } from '../auth/auth.service';
import { assertUnique, findUserOrThrow, uniqueViolationAsFieldError } from '../users/users.guards';
import type { UsersRepository } from '../users/users.repository';
import type { Db } from '../../infra/db/schema';

interface Deps {
  db: Db;
  dialect: Dialect;
  users: UsersRepository;
}

/** The signed-in user's own account: `api/v1/account`. */
export function createAccountService({ db, dialect, users }: Deps) {
  const asFieldError = uniqueViolationAsFieldError(dialect);

  return {
    /** Name and e-mail; answers the user object (with the same token) for the client to keep. */
    async updateProfile(user: AuthenticatedUser, profile: AccountProfile): Promise<AuthUser> {
      assertMayWrite(user);
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
      assertMayWrite(user);
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
