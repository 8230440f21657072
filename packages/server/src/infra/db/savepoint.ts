import { type QueryExecutorProvider, sql } from 'kysely';

/**
 * `run` inside the transaction behind a savepoint: released when it succeeds; when it throws, the
 * transaction is rolled back to the savepoint and the error thrown on. On PostgreSQL a statement the
 * database refuses aborts the whole transaction until then: without the savepoint every later
 * statement failed ("current transaction is aborted").
 */
export async function behindSavepoint<T>(trx: QueryExecutorProvider, name: string, run: () => Promise<T>): Promise<T> {
  await sql`SAVEPOINT ${sql.id(name)}`.execute(trx);
  try {
    const result = await run();
    await sql`RELEASE SAVEPOINT ${sql.id(name)}`.execute(trx);
    return result;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT ${sql.id(name)}`.execute(trx);
    await sql`RELEASE SAVEPOINT ${sql.id(name)}`.execute(trx);
    throw error;
  }
}
