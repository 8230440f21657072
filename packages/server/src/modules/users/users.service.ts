import { AppError, type PageQuery, type User, type UserCreate, type UserUpdate, USER_MESSAGES } from '@mdis/shared';
import type { Updateable } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import { hashPassword } from '../../infra/auth/password';
import type { TokenService } from '../../infra/auth/token.service';
import type { Db, UsersTable } from '../../infra/db/schema';
import { listMeta, pageWindow, parseSort } from '../../infra/http/list-query';
import { assertNotLastAdministrator, assertUnique, findUserOrThrow, uniqueViolationAsFieldError } from './users.guards';
import { toUser } from './users.mapper';
import { USER_SORT_COLUMNS, type UsersRepository } from './users.repository';

interface Deps {
  db: Db;
  dialect: Dialect;
  users: UsersRepository;
  tokens: TokenService;
  now?: () => Date;
}

// E-mails are compared case-insensitively, so they are stored lower-case.
const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The columns an update changes: only the fields present in the request. */
function changesOf(
  input: UserUpdate,
  email: string | undefined,
  passwordHash: string | undefined,
): Updateable<UsersTable> {
  const changes: Updateable<UsersTable> = {};
  if (input.username !== undefined) changes.username = input.username;
  if (email !== undefined) changes.email = email;
  if (input.name !== undefined) changes.name = input.name;
  if (passwordHash !== undefined) changes.password_hash = passwordHash;
  if (input.roles !== undefined) changes.roles = JSON.stringify(input.roles);
  if (input.permissions !== undefined) changes.permissions = JSON.stringify(input.permissions);
  if (input.active !== undefined) changes.active = input.active ? 1 : 0;
  // An administrator activating an unconfirmed account (moved from mDIS v3) confirms it.
  if (input.active === true) changes.confirmed = 1;
  return changes;
}

export function createUsersService({ db, dialect, users, tokens, now = () => new Date() }: Deps) {
  const asFieldError = uniqueViolationAsFieldError(dialect);
  const findOrThrow = (id: number, trx: Db = db) => findUserOrThrow(users, trx, id);

  return {
    async list(query: PageQuery) {
      const window = pageWindow(query);
      const sort = parseSort(query.sort, USER_SORT_COLUMNS);
      const { rows, total } = await users.page({ limit: window.limit, offset: window.offset, sort });
      return { items: rows.map(toUser), _meta: listMeta(window, total) };
    },

    get: async (id: number): Promise<User> => toUser(await findOrThrow(id)),

    async create(input: UserCreate): Promise<User> {
      const email = normalizeEmail(input.email);
      await assertUnique(users, { username: input.username, email });
      const at = now().toISOString();
      const row = await users
        .insert({
          username: input.username,
          email,
          name: input.name,
          password_hash: await hashPassword(input.password),
          roles: JSON.stringify(input.roles),
          permissions: JSON.stringify(input.permissions),
          active: input.active ? 1 : 0,
          created_at: at,
          updated_at: at,
          last_login_at: null,
        })
        .catch(asFieldError);
      return toUser(row);
    },

    async update(id: number, input: UserUpdate): Promise<User> {
      const email = input.email === undefined ? undefined : normalizeEmail(input.email);
      await findOrThrow(id);
      await assertUnique(users, { username: input.username, email }, id);
      const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
      const losesAdmin =
        input.active === false || (input.roles !== undefined && !input.roles.includes('administrator'));
      const row = await db
        .transaction()
        .execute(async (trx) => {
          await findOrThrow(id, trx);
          if (losesAdmin) await assertNotLastAdministrator(users, trx, id);
          return users.update(id, { ...changesOf(input, email, passwordHash), updated_at: now().toISOString() }, trx);
        })
        .catch(asFieldError);
      if (!row) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
      // A reset password or a deactivation ends every session of that user.
      if (passwordHash !== undefined || input.active === false) await tokens.revokeAllOf(id);
      return toUser(row);
    },

    async delete(id: number, actingUserId: number): Promise<void> {
      if (id === actingUserId) throw new AppError('CONFLICT', USER_MESSAGES.deleteSelf);
      await db.transaction().execute(async (trx) => {
        await findOrThrow(id, trx);
        await assertNotLastAdministrator(users, trx, id);
        await users.delete(id, trx);
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
