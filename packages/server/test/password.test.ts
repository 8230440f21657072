import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../src/infra/auth/password';

// The integration tests hash at a test-only low cost (MDIS_TEST_FAST_PASSWORD_HASH, vitest.config.ts);
// without that switch, as in production, hashes use OWASP's argon2id cost.
describe('password hashing cost', () => {
  const fast = process.env.MDIS_TEST_FAST_PASSWORD_HASH;
  afterEach(() => {
    if (fast === undefined) delete process.env.MDIS_TEST_FAST_PASSWORD_HASH;
    else process.env.MDIS_TEST_FAST_PASSWORD_HASH = fast;
  });

  it('hashes with argon2id at 19 MiB and 2 passes without the test switch', async () => {
    delete process.env.MDIS_TEST_FAST_PASSWORD_HASH;
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
  });

  it('hashes cheaply under the test switch, and such a hash still verifies', async () => {
    process.env.MDIS_TEST_FAST_PASSWORD_HASH = '1';
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
  });
});
