import type { User } from '@mdis/shared';
import { parseStringList } from '../../infra/db/json-columns';
import type { UserRow } from '../../infra/db/schema';

/** A user row as the API shows it: never the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    roles: parseStringList(row.roles),
    permissions: parseStringList(row.permissions),
    active: row.active === 1,
    confirmed: row.confirmed === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_login_at: row.last_login_at,
  };
}
