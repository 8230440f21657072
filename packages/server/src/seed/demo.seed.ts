import type { Db } from '../infra/db/schema';

/**
 * MDIS_SEED=demo: the drilling demo dataset (expeditions, sites, holes, cores...). Those tables
 * arrive with the data-model issue; until then there is honestly nothing to seed.
 */
export async function seedDemoData(_db: Db): Promise<void> {
  await Promise.resolve();
}
