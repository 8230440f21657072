import { AppError, type FieldError, USER_MESSAGES, validationError } from '@mdis/shared';
import type { Dialect } from '../../infra/db/dialect';
import type { Db, UserRow } from '../../infra/db/schema';
import { translateDbError } from '../../infra/db/translate-db-error';
import type { UsersRepository } from './users.repository';

export async function findUserOrThrow(users: UsersRepository, trx: Db, id: number): Promise<UserRow> {
  const row = await users.findById(id, trx);
  if (!row) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
  return row;
}

/** Username and e-mail are unique: a clash is a 422 on the field, as the original answers. */
export async function assertUnique(
  users: UsersRepository,
  { username, email }: { username?: string | undefined; email?: string | undefined },
  exceptId?: number,
): Promise<void> {
  if (username === undefined && email === undefined) return;
  const conflicts = await users.findConflicts(username, email, exceptId);
  const fields: FieldError[] = [];
  if (username !== undefined && conflicts.some((c) => c.username === username)) {
    fields.push({ field: 'username', message: USER_MESSAGES.usernameTaken });
  }
  if (email !== undefined && conflicts.some((c) => c.email === email)) {
    fields.push({ field: 'email', message: USER_MESSAGES.emailTaken });
  }
  if (fields.length > 0) throw validationError(fields);
}

/** A race between assertUnique and the write ends in a unique violation: the same 422. */
export function uniqueViolationAsFieldError(dialect: Dialect) {
  return (error: unknown): never => {
    const appError = error instanceof AppError ? error : translateDbError(dialect, error);
    if (appError?.code === 'UNIQUE_VIOLATION') {
      const field = appError.extensions.column === 'email' ? 'email' : 'username';
      const message = field === 'email' ? USER_MESSAGES.emailTaken : USER_MESSAGES.usernameTaken;
      throw validationError([{ field, message }]);
    }
    throw error;
  };
}

/** Someone must always be able to manage users: the last active administrator stays one. */
export async function assertNotLastAdministrator(users: UsersRepository, trx: Db, userId: number): Promise<void> {
  const admins = await users.activeAdministratorIds(trx);
  if (admins.includes(userId) && admins.length === 1) {
    throw new AppError('CONFLICT', USER_MESSAGES.lastAdministrator);
  }
}
