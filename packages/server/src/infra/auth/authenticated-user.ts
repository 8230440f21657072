import type { UserRow } from '../db/schema';
import { parseStringList } from '../db/json-columns';

/** The signed-in user of a request, and the token it presented. */
export interface AuthenticatedUser {
  id: number;
  username: string;
  email: string;
  name: string;
  roles: string[];
  permissions: string[];
  token: string;
}

export function toAuthenticatedUser(row: UserRow, token: string): AuthenticatedUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    roles: parseStringList(row.roles),
    permissions: parseStringList(row.permissions),
    token,
  };
}
