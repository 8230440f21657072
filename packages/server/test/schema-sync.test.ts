import { AppError, parseModelTemplate, type ModelTemplate } from '@mdis/shared';
import { FIXTURE_MODELS } from '@mdis/shared/templates/fixtures';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeStep,
  type SchemaStep,
  introspectTable,
  planSchemaSync,
  orderByDependencies,
  resolveJoinTable,
  syncModelTable,
  syncModelTables,
} from '../src/engine/schema-sync';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { migrateToLatest } from '../src/infra/db/migrate';
import { translateDbError } from '../src/infra/db/translate-db-error';
import { DIALECTS } from './helpers/dialects';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

const [program, expedition, site] = FIXTURE_MODELS.map((m) => parseModelTemplate(m)) as [
  ModelTemplate,
  ModelTemplate,
  ModelTemplate,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- template tables are dynamic
type AnyDb = Kysely<any>;

describe.each(DIALECTS)('schema sync (%s)', (dialect) => {
  let database: TestDatabase;
  let db: AnyDb;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    db = database.db;
    await syncModelTables(db, dialect, [site, expedition, program]);
    await db.insertInto('project_program').values({ id: 1, name: 'ICDP', program: 'ICDP' }).execute();
    await db
      .insertInto('project_expedition')
      .values({ id: 1, program_id: 1, expedition: '5065', exp_acronym: 'GRIND', is_offshore: 0 })
      .execute();
    await db.insertInto('project_site').values({ id: 1, expedition_id: 1, site: '1', comment: 'first' }).execute();
  });
  afterEach(() => database.destroy());

  // The table's shape; the counter and text index steps a plan adds are tested in text-index.test.ts.
  const DERIVED = new Set(['createRowCounter', 'syncTextIndex', 'replaceTextIndexTriggers']);
  const shapeSteps = (plan: { steps: SchemaStep[] }) =>
    plan.steps.filter((s) => !DERIVED.has(s.kind)).map(describeStep);
  const columnsOf = async (table: string) => (await introspectTable(db, dialect, table))?.columns.map((c) => c.name);
  const sites = () => db.selectFrom('project_site').selectAll().orderBy('id').execute();
  const withColumns = (base: ModelTemplate, columns: ModelTemplate['columns']): ModelTemplate => ({ ...base, columns });
  async function failureOf(run: () => Promise<unknown>): Promise<AppError> {
    try {
      await run();
    } catch (error) {
      if (error instanceof AppError) return error;
      const translated = translateDbError(dialect, error);
      if (translated) return translated;
      throw error;
    }
    throw new Error('expected a failure');
  }

  it('creates tables with the stored columns only, indices and a nothing-to-do second plan', async () => {
    expect(await columnsOf('project_expedition')).toEqual([
      'id',
      'program_id',
      'expedition',
      'exp_acronym',
      'combined_id',
      'country',
      'start_date',
      'is_offshore',
    ]);
    const live = await introspectTable(db, dialect, 'project_site');
    expect(live?.indices.map((i) => [i.name, i.unique, i.columns]).sort()).toEqual([
      ['project_site__expedition_id', false, ['expedition_id']],
      ['project_site__expedition_id__site', true, ['expedition_id', 'site']],
    ]);
    expect(live?.foreignKeys).toEqual([{ column: 'expedition_id', foreignTable: 'project_expedition' }]);
    for (const model of [program, expedition, site])
      expect((await planSchemaSync(db, dialect, model)).steps).toEqual([]);
    const duplicate = await failureOf(() =>
      db.insertInto('project_site').values({ id: 7, expedition_id: 1, site: '1' }).execute(),
    );
    expect(duplicate.code).toBe('UNIQUE_VIOLATION');
  });

  it('adds a column and keeps the data', async () => {
    const depth = { name: 'depth', type: 'double' as const, label: 'Depth' };
    const plan = await syncModelTable(db, dialect, withColumns(site, { ...site.columns, depth }));
    expect(plan.steps.map(describeStep)).toContain(
      `add column project_site.depth ${dialect === 'postgres' ? 'double precision' : 'real'}`,
    );
    await db.updateTable('project_site').set({ depth: 12.5 }).execute();
    expect(await sites()).toMatchObject([{ id: 1, site: '1', comment: 'first', depth: 12.5 }]);
  });

  it('renames a column through oldName and keeps its values', async () => {
    const { comment, ...rest } = site.columns;
    const renamed = withColumns(site, {
      ...rest,
      remarks: { ...(comment as object), name: 'remarks', type: 'text', oldName: 'comment' },
    });
    const plan = await syncModelTable(db, dialect, renamed);
    expect(plan.steps.map(describeStep)).toEqual(['rename column project_site.comment to remarks']);
    const [row] = await sites();
    expect(row).toMatchObject({ remarks: 'first' });
    expect(row).not.toHaveProperty('comment');
  });

  it('refuses to drop a column holding data, changing nothing, and drops it when told', async () => {
    const { comment: _comment, ...rest } = site.columns;
    const error = await failureOf(() => syncModelTable(db, dialect, withColumns(site, rest)));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe('Column comment of project_site holds data; dropping it would lose the data.');
    expect(await columnsOf('project_site')).toContain('comment');

    await syncModelTable(db, dialect, withColumns(site, rest), { allowDataLoss: true });
    expect(await columnsOf('project_site')).not.toContain('comment');
    expect(await sites()).toMatchObject([{ id: 1, site: '1' }]);
    // The rebuilt table (SQLite) still enforces its parent key and restricts the parent's delete.
    const orphan = await failureOf(() =>
      db.insertInto('project_site').values({ id: 5, expedition_id: 99, site: '9' }).execute(),
    );
    expect(orphan.code).toBe('FOREIGN_KEY_VIOLATION');
  });

  it('drops an empty column without being told', async () => {
    const { latitude: _latitude, ...rest } = site.columns;
    await syncModelTable(db, dialect, withColumns(site, rest));
    expect(await columnsOf('project_site')).not.toContain('latitude');
  });

  it('changes a column type and size, keeping the values', async () => {
    const changed = withColumns(site, {
      ...site.columns,
      site: { ...(site.columns.site as object), name: 'site', type: 'string', size: 40 },
    });
    const plan = await syncModelTable(db, dialect, changed);
    expect(shapeSteps(plan)).toEqual(['change column project_site.site from varchar(10) to varchar(40)']);
    expect(await sites()).toMatchObject([{ id: 1, site: '1', comment: 'first' }]);
    expect((await planSchemaSync(db, dialect, changed)).steps).toEqual([]);
    const duplicate = await failureOf(() =>
      db.insertInto('project_site').values({ id: 7, expedition_id: 1, site: '1' }).execute(),
    );
    expect(duplicate.code).toBe('UNIQUE_VIOLATION');
  });

  it('restricts deleting a parent that has children (translated FK error)', async () => {
    const error = await failureOf(() => db.deleteFrom('project_expedition').where('id', '=', 1).execute());
    expect(error.code).toBe('FOREIGN_KEY_VIOLATION');
    expect(error.extensions.errorInfo?.[1]).toBe(dialect === 'postgres' ? 1451 : 1452);
  });

  it('creates and changes indices', async () => {
    const indices = {
      ...site.indices,
      comment: { name: 'comment', type: 'KEY' as const, columns: ['comment'] },
      expedition_id__site: { name: 'expedition_id__site', type: 'KEY' as const, columns: ['expedition_id', 'site'] },
    };
    const plan = await syncModelTable(db, dialect, { ...site, indices });
    expect(plan.steps.map(describeStep).sort()).toEqual([
      'create index project_site__comment (comment)',
      'create index project_site__expedition_id__site (expedition_id, site)',
      'drop index project_site__expedition_id__site',
    ]);
    await db.insertInto('project_site').values({ id: 2, expedition_id: 1, site: '1' }).execute();
    const refused = await failureOf(() => syncModelTable(db, dialect, site));
    expect(refused.message).toMatch(/^was not able to create\/re-create the table project_site: /);
    await db.deleteFrom('project_site').where('id', '=', 2).execute();
    await syncModelTable(db, dialect, site);
    const live = await introspectTable(db, dialect, 'project_site');
    expect(live?.indices.map((i) => i.name).sort()).toEqual([
      'project_site__expedition_id',
      'project_site__expedition_id__site',
    ]);
  });

  it('creates one join table for a many-to-many relation, whichever side syncs', async () => {
    const hole = parseModelTemplate({
      module: 'Project',
      name: 'Hole',
      table: 'project_hole',
      fullName: 'ProjectHole',
      columns: {
        id: { name: 'id', type: 'integer', primaryKey: true, autoInc: true },
        hole: { name: 'hole', type: 'string', size: 5 },
        project_site_ids_nm: { name: 'project_site_ids_nm', type: 'many_to_many', relatedTable: 'project_site' },
      },
      indices: { id: { name: 'id', type: 'PRIMARY', columns: ['id'] } },
      relations: {
        project_hole__project_site__nm: {
          name: 'project_hole__project_site__nm',
          relationType: 'nm',
          relatedTable: 'project_site',
        },
      },
    });
    const plan = await syncModelTable(db, dialect, hole);
    expect(shapeSteps(plan)).toEqual(['create table project_hole', 'create join table project_hole_project_site']);
    expect(await columnsOf('project_hole')).toEqual(['id', 'hole']);
    expect(await columnsOf('project_hole_project_site')).toEqual(['project_hole_id', 'project_site_id']);
    const siteSide = {
      ...site,
      relations: { ...site.relations, nm: { name: 'nm', relationType: 'nm' as const, relatedTable: 'project_hole' } },
    };
    expect((await planSchemaSync(db, dialect, siteSide)).steps).toEqual([]);
    expect(await resolveJoinTable(db, dialect, 'project_site', 'project_hole')).toBe('project_hole_project_site');

    await db.insertInto('project_hole').values({ id: 1, hole: 'A' }).execute();
    const link = { project_hole_id: 1, project_site_id: 1 };
    await db.insertInto('project_hole_project_site').values(link).execute();
    const twice = await failureOf(() => db.insertInto('project_hole_project_site').values(link).execute());
    expect(twice.code).toBe('UNIQUE_VIOLATION');
  });

  it('adds an FK column with an index for a 1n relation and restricts deletes', async () => {
    const withStorage = parseModelTemplate({
      module: 'Curation',
      name: 'Storage',
      table: 'curation_storage',
      fullName: 'CurationStorage',
      columns: {
        id: { name: 'id', type: 'integer', primaryKey: true, autoInc: true },
        name: { name: 'name', type: 'string' },
      },
      indices: { id: { name: 'id', type: 'PRIMARY', columns: ['id'] } },
    });
    await syncModelTable(db, dialect, withStorage);
    const relation = {
      name: 'project_site__curation_storage__storage_id__1n',
      relationType: '1n' as const,
      foreignTable: 'curation_storage',
      localColumns: ['storage_id'],
      foreignColumns: ['id'],
    };
    const display = {
      name: 'curation_storage_name_ids_1n',
      type: 'one_to_many' as const,
      relatedTable: 'curation_storage',
    };
    const linked = {
      ...site,
      columns: { ...site.columns, curation_storage_name_ids_1n: display },
      relations: { ...site.relations, [relation.name]: relation },
    };
    await syncModelTable(db, dialect, linked);
    const live = await introspectTable(db, dialect, 'project_site');
    expect(live?.columns.map((c) => c.name)).toContain('storage_id');
    expect(live?.columns.map((c) => c.name)).not.toContain('curation_storage_name_ids_1n');
    expect(live?.indices.map((i) => i.name)).toContain('project_site__storage_id__fk');
    expect(live?.foreignKeys).toContainEqual({ column: 'storage_id', foreignTable: 'curation_storage' });

    await db.insertInto('curation_storage').values({ id: 1, name: 'Shelf' }).execute();
    await db.updateTable('project_site').set({ storage_id: 1 }).execute();
    const error = await failureOf(() => db.deleteFrom('curation_storage').execute());
    expect(error.code).toBe('FOREIGN_KEY_VIOLATION');
  });

  it('adds and removes a foreign key on an existing column, and supports a self-parent', async () => {
    const selfParent = parseModelTemplate({
      module: 'Curation',
      name: 'Storage',
      table: 'curation_storage',
      fullName: 'CurationStorage',
      parentModel: 'CurationStorage',
      columns: {
        id: { name: 'id', type: 'integer', primaryKey: true, autoInc: true },
        parent_id: { name: 'parent_id', type: 'integer' },
      },
      indices: { id: { name: 'id', type: 'PRIMARY', columns: ['id'] } },
      relations: {
        p: {
          name: 'p',
          relationType: 'parent',
          foreignTable: 'curation_storage',
          localColumns: ['parent_id'],
          foreignColumns: ['id'],
        },
      },
    });
    await syncModelTable(db, dialect, selfParent);
    await db.insertInto('curation_storage').values({ id: 1, parent_id: null }).execute();
    await db.insertInto('curation_storage').values({ id: 2, parent_id: 1 }).execute();
    expect((await failureOf(() => db.deleteFrom('curation_storage').where('id', '=', 1).execute())).code).toBe(
      'FOREIGN_KEY_VIOLATION',
    );

    const withColumn = withColumns(site, { ...site.columns, storage_id: { name: 'storage_id', type: 'integer' } });
    await syncModelTable(db, dialect, withColumn);
    await db.updateTable('project_site').set({ storage_id: 2 }).execute();
    const relation = {
      name: 's',
      relationType: '1n' as const,
      foreignTable: 'curation_storage',
      localColumns: ['storage_id'],
    };
    const linked = { ...withColumn, relations: { ...site.relations, s: relation } };
    const plan = await syncModelTable(db, dialect, linked);
    expect(shapeSteps(plan)).toEqual([
      'add foreign key project_site.storage_id → curation_storage',
      'create index project_site__storage_id__fk (storage_id)',
    ]);
    expect(await sites()).toMatchObject([{ id: 1, site: '1', comment: 'first', storage_id: 2 }]);
    expect((await failureOf(() => db.deleteFrom('curation_storage').where('id', '=', 2).execute())).code).toBe(
      'FOREIGN_KEY_VIOLATION',
    );
    const unlinked = await syncModelTable(db, dialect, withColumn);
    expect(shapeSteps(unlinked)).toEqual([
      'drop index project_site__storage_id__fk',
      'drop foreign key project_site.storage_id',
    ]);
    await db.deleteFrom('curation_storage').where('id', '=', 2).execute();
    expect((await planSchemaSync(db, dialect, withColumn)).steps).toEqual([]);
  });

  it('records the applied template version for a stored model', async () => {
    const store = createTemplateStore(database.db);
    await store.saveModel(site);
    const saved = await store.saveModel(
      withColumns(site, { ...site.columns, depth: { name: 'depth', type: 'double' } }),
    );
    await syncModelTable(db, dialect, saved, { templates: store.repository });
    const state = await store.syncState('ProjectSite');
    expect(state).toMatchObject({ version: 2, appliedVersion: 2 });
    expect(JSON.parse(state?.appliedData ?? '{}')).toEqual(saved);
    expect((await store.describeModels())[0]).toMatchObject({ version: 2, appliedVersion: 2 });
  });

  it('rolls back every step when one fails', async () => {
    const broken = withColumns(site, {
      ...site.columns,
      a: { name: 'a', type: 'integer' },
      site: { ...(site.columns.site as object), name: 'site', type: 'integer' },
    });
    await db.updateTable('project_site').set({ site: 'x1' }).execute();
    if (dialect === 'postgres') {
      const error = await failureOf(() => syncModelTable(db, dialect, broken));
      expect(error.message).toMatch(/^was not able to create\/re-create the table project_site: /);
      expect(await columnsOf('project_site')).not.toContain('a');
    } else {
      // SQLite keeps text in an integer column (type affinity): the change succeeds.
      await syncModelTable(db, dialect, broken);
      expect(await sites()).toMatchObject([{ site: 'x1', a: null }]);
    }
  });
});

describe('sync order', () => {
  it('puts parents and 1n targets first, keeping the given order otherwise', () => {
    const names = (models: ModelTemplate[]) => orderByDependencies(models).map((m) => m.fullName);
    expect(names([site, expedition, program])).toEqual(['ProjectProgram', 'ProjectExpedition', 'ProjectSite']);
    expect(names([program, site, expedition])).toEqual(['ProjectProgram', 'ProjectExpedition', 'ProjectSite']);
    const selfParent = {
      ...program,
      relations: {
        p: { name: 'p', relationType: 'parent' as const, foreignTable: 'project_program', localColumns: ['parent_id'] },
      },
    };
    expect(names([selfParent])).toEqual(['ProjectProgram']);
  });
});
