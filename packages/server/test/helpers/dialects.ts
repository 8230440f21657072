import type { Dialect } from '../../src/infra/db/dialect';

/** Every dialect the integration tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
