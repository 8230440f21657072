import type { Insertable, Updateable } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import { type Db, USER_COLUMNS, type UserRow, type UsersTable } from '../../infra/db/schema';
import type { PageRequest } from '../../infra/http/list-query';

export const USER_SORT_COLUMNS = [
  'id',
  'username',
  'email',
  'name',
  'active',
  'created_at',
  'updated_at',
  'last_login_at',
] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

export type UserPageQuery = PageRequest<UserSortColumn>;

async function pageOfUsers(db: Db, query: UserPageQuery): Promise<{ rows: UserRow[]; total: number }> {
  let select = db.selectFrom('users').select(USER_COLUMNS);
  for (const { column, direction } of query.sort) select = select.orderBy(column, direction);
  select = select.orderBy('id', 'asc');
  if (query.limit !== undefined) select = select.limit(query.limit).offset(query.offset);
  const [rows, count] = await Promise.all([
    select.execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  // pg answers count(*) as a string (bigint).
  return { rows, total: Number(count.total) };
}

export function createUsersRepository(db: Db, dialect: Dialect) {
  return {
    findById: (id: number, trx: Db = db): Promise<UserRow | undefined> =>
      trx.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst(),

    findByUsername: (username: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').select(USER_COLUMNS).where('username', '=', username).executeTakeFirst(),

    /** Login accepts the username or the e-mail address (e-mails are stored lower-case). */
    findByLogin: (login: string): Promise<UserRow | undefined> =>
      db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where((eb) => eb.or([eb('username', '=', login), eb('email', '=', login.toLowerCase())]))
        .orderBy('id')
        .executeTakeFirst(),

    findConflicts: (username: string | undefined, email: string | undefined, exceptId?: number) =>
      db
        .selectFrom('users')
        .select(['id', 'username', 'email'])
        .where((eb) =>
          eb.or([
            ...(username === undefined ? [] : [eb('username', '=', username)]),
            ...(email === undefined ? [] : [eb('email', '=', email)]),
          ]),
        )
        .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId ?? 0))
        .execute(),

    page: (query: UserPageQuery) => pageOfUsers(db, query),

    /** Active administrators, locked on PostgreSQL so that two concurrent demotions cannot both pass. */
    activeAdministratorIds: async (trx: Db): Promise<number[]> => {
      const rows = await trx
        .selectFrom('users')
        .select(['id', 'roles'])
        .where('active', '=', 1)
        .where('roles', 'like', '%"administrator"%')
        .$if(dialect === 'postgres', (qb) => qb.forUpdate())
        .execute();
      return rows.map((row) => row.id);
    },

    insert: async (values: Insertable<UsersTable>, trx: Db = db): Promise<UserRow> =>
      trx.insertInto('users').values(values).returning(USER_COLUMNS).executeTakeFirstOrThrow(),

    update: async (id: number, values: Updateable<UsersTable>, trx: Db = db): Promise<UserRow | undefined> =>
      trx.updateTable('users').set(values).where('id', '=', id).returning(USER_COLUMNS).executeTakeFirst(),

    delete: async (id: number, trx: Db = db): Promise<void> => {
      await trx.deleteFrom('users').where('id', '=', id).execute();
    },

    setLastLogin: async (id: number, at: string): Promise<void> => {
      await db.updateTable('users').set({ last_login_at: at }).where('id', '=', id).execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
