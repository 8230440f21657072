// Dataset for the benchmarks, created through the public API so it follows every rule a real
// client would (validation, password hashing, uniqueness).

const SEED_CONCURRENCY = 8;

async function post(baseUrl: string, token: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
}

/** Creates `count` viewer accounts (bench-<run>-0001 ...), a few requests at a time. */
export async function seedUsers(baseUrl: string, token: string, count: number): Promise<void> {
  // A run id keeps names unique when BENCH_DATABASE_URL points at a database used before.
  const run = Date.now().toString(36);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = String(++next).padStart(4, '0');
      await post(baseUrl, token, '/api/v1/users', {
        username: `bench-${run}-${n}`,
        email: `bench-${run}-${n}@example.org`,
        name: `Bench User ${n}`,
        password: `bench-password-${n}`,
        roles: ['viewer'],
      });
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
}
