import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/infra/db/migrate';
import { createIgsnRegistry } from '../src/modules/igsn/igsn-registry.repository';
import { DIALECTS } from './helpers/dialects';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

describe.each(DIALECTS)('IGSN registry, many at once (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
  });
  afterAll(() => database.destroy());

  it('registers the free IGSNs of a batch and answers which they were; a taken one or a repeat stays as it was', async () => {
    const registry = createIgsnRegistry(database.db);
    await registry.register({ igsn: 'ICDPTAKEN1', data_model: 'CoreCore', model_id: 1 });
    const batch = [
      { igsn: 'ICDPNEW0001', data_model: 'CurationSample', model_id: 10 },
      { igsn: 'ICDPTAKEN1', data_model: 'CurationSample', model_id: 11 },
      { igsn: 'ICDP"{,}\\02', data_model: 'Curation Sample', model_id: 12 },
      { igsn: 'ICDPNEW0001', data_model: 'CurationSample', model_id: 13 },
    ];
    const free = await registry.registerMany(batch);
    expect([...free].sort()).toEqual(['ICDP"{,}\\02', 'ICDPNEW0001']);
    expect(await registry.findMany(batch.map((row) => row.igsn))).toEqual(
      expect.arrayContaining([
        { igsn: 'ICDPNEW0001', data_model: 'CurationSample', model_id: 10 },
        { igsn: 'ICDPTAKEN1', data_model: 'CoreCore', model_id: 1 },
        { igsn: 'ICDP"{,}\\02', data_model: 'Curation Sample', model_id: 12 },
      ]),
    );
    expect(await registry.registerMany([])).toEqual(new Set());
  });
});
