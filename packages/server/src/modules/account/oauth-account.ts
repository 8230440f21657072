import { randomBytes } from 'node:crypto';
import type { Role } from '@mdis/shared';
import { hashPassword } from '../../infra/auth/password';
import type { UserRow } from '../../infra/db/schema';
import type { UsersRepository } from '../users/users.repository';

/**
 * A free username for an account created by an OAuth2 login: the e-mail's local part with the
 * characters usernames allow, then `-2`, `-3`... while it is taken.
 */
async function usernameFromEmail(users: UsersRepository, email: string): Promise<string> {
  const local = email.split('@')[0] ?? '';
  const base = (local.replace(/[^-a-zA-Z0-9_.]/g, '') || 'user').padEnd(3, '0').slice(0, 200);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${String(n)}`;
    if (!(await users.findByUsername(candidate))) return candidate;
  }
}

/** The account of a confirmed e-mail address; the first login creates it with the default role. */
export async function accountForEmail(
  users: UsersRepository,
  defaultRole: Role,
  claims: { email: string; name: string },
): Promise<UserRow> {
  const existing = (await users.findConflicts(undefined, claims.email)).at(0);
  const row = existing ? await users.findById(existing.id) : undefined;
  if (row) return row;
  const at = new Date().toISOString();
  return users.insert({
    username: await usernameFromEmail(users, claims.email),
    email: claims.email,
    name: claims.name,
    // Nobody knows this password: the account signs in through the provider (or a recovery mail).
    password_hash: await hashPassword(randomBytes(32).toString('base64url')),
    roles: JSON.stringify([defaultRole]),
    permissions: '[]',
    active: 1,
    created_at: at,
    updated_at: at,
    last_login_at: null,
  });
}
