import type { AuthUser, Role } from '@mdis/shared';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/infra/auth/password';
import type { Db } from '../../src/infra/db/schema';

export interface BuildUserInput {
  username?: string;
  email?: string;
  name?: string;
  password?: string;
  roles?: Role[];
  permissions?: string[];
  active?: boolean;
}

export interface BuiltUser {
  id: number;
  username: string;
  email: string;
  password: string;
}

let sequence = 0;
// Hashing is the slow part of a user; tests reuse one hash per password.
const hashes = new Map<string, Promise<string>>();

/** Inserts a user straight into the database (no API call). */
export async function buildUser(db: Db, input: BuildUserInput = {}): Promise<BuiltUser> {
  sequence += 1;
  const username = input.username ?? `user${sequence}`;
  const email = input.email ?? `${username}@example.org`;
  const password = input.password ?? 'secret-password';
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  const at = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      username,
      email,
      name: input.name ?? `Name of ${username}`,
      password_hash: await (hashes.get(password) as Promise<string>),
      roles: JSON.stringify(input.roles ?? ['viewer']),
      permissions: JSON.stringify(input.permissions ?? []),
      active: input.active === false ? 0 : 1,
      created_at: at,
      updated_at: at,
      last_login_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, email, password };
}

/** Logs in through the API and returns the answer. */
export async function login(app: FastifyInstance, username: string, password: string): Promise<AuthUser> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<AuthUser>();
}

/** A user with the roles given, signed in: `{ user, token, headers }`. */
export async function signedInUser(app: FastifyInstance, db: Db, input: BuildUserInput = {}) {
  const user = await buildUser(db, input);
  const { token } = await login(app, user.username, user.password);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}
