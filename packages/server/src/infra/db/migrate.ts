import { Migrator } from 'kysely';
import type { Db } from './schema';
import { MIGRATIONS } from '../../db/migrations';

/** Applies every pending migration; throws the first failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return (results ?? []).map((result) => result.migrationName);
}
