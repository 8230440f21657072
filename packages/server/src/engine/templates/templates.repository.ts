import type { Generated, Kysely, Selectable } from 'kysely';
import type { Db } from '../../infra/db/schema';

export type TemplateKind = 'model' | 'form';

export interface TemplatesTable {
  id: Generated<number>;
  kind: TemplateKind;
  name: string;
  module: string;
  data: string;
  version: number;
  created_at: string;
  modified_at: string;
  generated_at: string | null;
  applied_version: number | null;
  applied_data: string | null;
  applied_at: string | null;
}

export interface TemplateRevisionTable {
  id: number;
  revision: number;
}

/** The system tables of the template store (migration 20261122T0200-templates). */
// A type alias (not an interface) so that it satisfies withTables' index-signature constraint.
export type TemplateTables = {
  templates: TemplatesTable;
  template_revision: TemplateRevisionTable;
};

export type TemplateDb = Kysely<TemplateTables>;

/** A stored template as the store reads it (the applied JSON stays in the database). */
export type TemplateRow = Omit<Selectable<TemplatesTable>, 'id' | 'applied_data'>;

export interface TemplateWrite {
  kind: TemplateKind;
  name: string;
  module: string;
  data: string;
  createdAt: string;
  modifiedAt: string;
  generatedAt: string | null;
}

export interface SyncState {
  version: number;
  appliedVersion: number | null;
  appliedData: string | null;
  appliedAt: string | null;
}

const COLUMNS = [
  'kind',
  'name',
  'module',
  'data',
  'version',
  'created_at',
  'modified_at',
  'generated_at',
  'applied_version',
  'applied_at',
] as const;

export function templateDb(db: Db | Kysely<never>): TemplateDb {
  return (db as unknown as Kysely<object>).withTables<TemplateTables>();
}

/** Bumps the store revision: every instance reloads what it derived from the templates on its next request. */
export function bumpRevision(trx: TemplateDb) {
  return trx
    .updateTable('template_revision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

async function upsertIn(trx: TemplateDb, write: TemplateWrite): Promise<number> {
  const existing = await trx
    .selectFrom('templates')
    .select(['version'])
    .where('kind', '=', write.kind)
    .where('name', '=', write.name)
    .executeTakeFirst();
  const values = {
    module: write.module,
    data: write.data,
    modified_at: write.modifiedAt,
    generated_at: write.generatedAt,
  };
  const version = existing ? existing.version + 1 : 1;
  if (existing)
    await trx
      .updateTable('templates')
      .set({ ...values, version })
      .where('kind', '=', write.kind)
      .where('name', '=', write.name)
      .execute();
  else
    await trx
      .insertInto('templates')
      .values({ ...values, kind: write.kind, name: write.name, version, created_at: write.createdAt })
      .execute();
  await bumpRevision(trx);
  return version;
}

async function removeIn(trx: TemplateDb, items: readonly { kind: TemplateKind; name: string }[]): Promise<void> {
  for (const { kind, name } of items)
    await trx.deleteFrom('templates').where('kind', '=', kind).where('name', '=', name).execute();
  await bumpRevision(trx);
}

/** Queries on the templates table; every change bumps the store revision in the same transaction. */
export function createTemplatesRepository(dbIn: Db) {
  const db = templateDb(dbIn);

  return {
    async revision(): Promise<number> {
      const row = await db.selectFrom('template_revision').select('revision').where('id', '=', 1).executeTakeFirst();
      return row?.revision ?? 0;
    },

    async list(kind: TemplateKind): Promise<TemplateRow[]> {
      return db.selectFrom('templates').select(COLUMNS).where('kind', '=', kind).orderBy('name').execute();
    },

    /** Inserts or replaces by (kind, name); returns the new version. */
    upsert: (write: TemplateWrite) => db.transaction().execute((trx) => upsertIn(trx, write)),

    async remove(kind: TemplateKind, name: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('templates')
          .where('kind', '=', kind)
          .where('name', '=', name)
          .executeTakeFirst();
        await bumpRevision(trx);
        return result.numDeletedRows > 0n;
      });
    },

    /** Removes several templates in one transaction (a model with its forms). */
    removeAll: (items: readonly { kind: TemplateKind; name: string }[]) =>
      db.transaction().execute((trx) => removeIn(trx, items)),

    async syncState(name: string): Promise<SyncState | undefined> {
      const row = await db
        .selectFrom('templates')
        .select(['version', 'applied_version', 'applied_data', 'applied_at'])
        .where('kind', '=', 'model')
        .where('name', '=', name)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        version: row.version,
        appliedVersion: row.applied_version,
        appliedData: row.applied_data,
        appliedAt: row.applied_at,
      };
    },

    /**
     * Records which template (text and version) the table was last built from. Bumps the store
     * revision: cached descriptions (the summary's table state) must see it on every instance.
     */
    async markApplied(
      trxIn: Db | Kysely<never>,
      name: string,
      data: string,
      version: number,
      at: string,
    ): Promise<void> {
      const trx = templateDb(trxIn);
      const applied = { applied_version: version, applied_data: data, applied_at: at };
      await trx.updateTable('templates').set(applied).where('kind', '=', 'model').where('name', '=', name).execute();
      await bumpRevision(trx);
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
