import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

// @node-rs/argon2 defaults to argon2id with OWASP's recommended cost (19 MiB, 2 passes).
// Test-only hook: the integration tests set MDIS_TEST_FAST_PASSWORD_HASH=1 (vitest.config.ts), so
// their users' hashes (and every sign-in verifying one) cost ~1 ms instead of ~0.1 s of CPU. A hash
// carries its own cost, so verifying needs no switch; test/password.test.ts checks production's cost.
const TEST_COST = { memoryCost: 1024, timeCost: 1 };

// Hashes taken over from mDIS v3 (yii2-usuario: PHP's password_hash, `$2y$`): bcrypt. `$2y$` and
// `$2b$` are the same algorithm under PHP's and OpenBSD's names.
const BCRYPT = /^\$2[aby]\$\d\d\$/;

export function hashPassword(password: string): Promise<string> {
  return hash(password, process.env.MDIS_TEST_FAST_PASSWORD_HASH === '1' ? TEST_COST : {});
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    if (BCRYPT.test(passwordHash)) return await bcrypt.compare(password, passwordHash.replace(/^\$2y\$/, '$2b$'));
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a 500.
    return false;
  }
}

/** Whether a stored hash is not ours (a migrated bcrypt one): replace it after the next good login. */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith('$argon2id$');
}

// Verifying against this when the user does not exist keeps "no such user" and "wrong password"
// equally slow, so response times do not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
