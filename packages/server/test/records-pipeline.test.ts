import { AppError } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BehaviorHooks, createBehaviorRegistry } from '../src/engine/behaviors/behavior-registry';
import { type RecordsService, createRecordsService } from '../src/engine/records/records.service';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecordsApp, seedChain } from './records-helpers';

// The pipeline with behaviors registered (the drilling domain registers real ones later): hooks
// run inside the write transaction, may change the record, and abort everything by throwing.

const admin = { roles: ['administrator'], permissions: [] };
const hole = { kind: 'global', name: 'ProjectHole' } as const;
const calls: string[] = [];
let failAfterCreate = false;
let forceHole: string | undefined;

// A stand-in for the original's UniqueCombinationAutoIncrementBehavior and CombinedIdBehavior.
const holeBehavior: BehaviorHooks = {
  beforeCreate: async ({ trx, record, parameters }) => {
    calls.push(`beforeCreate:${String(parameters.fieldToFill)}`);
    const site = await trx
      .selectFrom('project_site')
      .select(['combined_id'])
      .where('id', '=', record.site_id as number)
      .executeTakeFirstOrThrow();
    if (forceHole) record.hole = forceHole;
    record.combined_id = `${String(site.combined_id)}_${String(record.hole)}`;
  },
  afterCreate: ({ record }) => {
    calls.push(`afterCreate:${String(record.id)}`);
    if (failAfterCreate) throw new AppError('CONFLICT', 'IGSN could not be issued.');
  },
  beforeUpdate: ({ record, previous }) => {
    calls.push(`beforeUpdate:${String(previous?.depth)}->${String(record.depth)}`);
  },
  beforeDelete: ({ previous }) => {
    if (previous?.hole === 'KEEP') throw new AppError('CONFLICT', 'This hole is kept.');
  },
};

describe.each(DIALECTS)('records pipeline with behaviors (%s)', (dialect) => {
  let t: RecordsTestApp;
  let chain: Awaited<ReturnType<typeof seedChain>>;
  let records: RecordsService;
  const count = async () => (await records.list(admin, hole, { 'per-page': -1 }))._meta.totalCount;

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    chain = await seedChain(t);
    const behaviors = createBehaviorRegistry();
    behaviors.register('UniqueCombinationAutoIncrementBehavior', holeBehavior);
    records = createRecordsService({
      db: t.db,
      dialect,
      templates: createTemplateStore(t.db),
      behaviors,
      asyncListLimit: 2,
    });
  });
  afterAll(async () => t.close());

  it('runs before- and after-hooks in the transaction; a before-hook may change the record', async () => {
    calls.length = 0;
    const created = await records.create(admin, hole, { site_id: chain.s1.id, hole: 'C', depth: 5 });
    expect(created.combined_id).toBe('5065_1_C');
    expect(calls).toEqual(['beforeCreate:hole', `afterCreate:${String(created.id)}`]);
    await records.update(admin, hole, created.id as number, { depth: 6 });
    expect(calls.at(-1)).toBe('beforeUpdate:5->6');
  });

  it('should not keep the insert when an after-hook fails', async () => {
    const before = await count();
    failAfterCreate = true;
    await expect(records.create(admin, hole, { site_id: chain.s1.id, hole: 'D' })).rejects.toThrow(
      'IGSN could not be issued.',
    );
    failAfterCreate = false;
    expect(await count()).toBe(before);
  });

  it('should not delete when a before-delete hook refuses', async () => {
    const kept = await records.create(admin, hole, { site_id: chain.s2.id, hole: 'KEEP' });
    await expect(records.remove(admin, hole, kept.id as number)).rejects.toThrow('This hole is kept.');
    expect((await records.get(admin, hole, kept.id as number)).hole).toBe('KEEP');
  });

  it('translates a unique constraint the checks could not see into a 422 on the field', async () => {
    forceHole = 'A';
    const error = await records.create(admin, hole, { site_id: chain.s1.id, hole: 'E' }).catch((e: unknown) => e);
    forceHole = undefined;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
    expect((error as AppError).extensions.fields).toEqual([
      {
        field: 'hole',
        message: `The combination "${String(chain.s1.id)}"-"A" of Site and Hole has already been taken.`,
      },
    ]);
  });

  it('caps async lists and tells the totalCount only then', async () => {
    const query = { fields: ['hole', 'id'], sort: 'hole', value: [] };
    const capped = await records.asyncLists(admin, hole, query);
    expect(capped.items).toHaveLength(2);
    expect(capped.totalCount).toBe(await count());
    const small = await records.asyncLists(admin, hole, { ...query, q: 'KE' });
    expect(small).toEqual({ items: [{ hole: 'KEEP', id: expect.any(Number) as number }] });
  });
});
