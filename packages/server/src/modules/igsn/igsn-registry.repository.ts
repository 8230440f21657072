import { CompiledQuery, type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import type { Db, IgsnRegistryTable } from '../../infra/db/schema';

type RegistryTables = { igsn_registry: IgsnRegistryTable };

export type IgsnRegistryRow = Pick<Selectable<IgsnRegistryTable>, 'igsn' | 'data_model' | 'model_id'>;

const COLUMNS = ['igsn', 'data_model', 'model_id'] as const;

/** The smallest string above every string that starts with `prefix` (byte order): the end of its index range. */
function prefixEnd(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

/** See IgsnRegistry.registerMany. */
async function registerMany(db: Kysely<RegistryTables>, rows: readonly IgsnRegistryRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const createdAt = new Date().toISOString();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // One array per column: a statement of a few lines for PostgreSQL to parse and plan instead of
    // a VALUES list of an import batch's 1,000 rows (4,000 parameters: a third of its time).
    // It answers with the IGSNs it did not insert (almost always none), not the 1,000 it did: reading
    // those back took more of the server's time than the INSERT's own parse and plan.
    const column = <K extends keyof IgsnRegistryRow>(key: K) => rows.map((row) => row[key]);
    const { rows: held } = await sql<{ igsn: string }>`
      WITH given AS (SELECT u.igsn, u.data_model, u.model_id
          FROM unnest(CAST(${column('igsn')} AS text[]), CAST(${column('data_model')} AS text[]),
            CAST(${column('model_id')} AS integer[])) AS u (igsn, data_model, model_id)),
        added AS (INSERT INTO igsn_registry (igsn, data_model, model_id, created_at)
          SELECT igsn, data_model, model_id, ${createdAt} FROM given
          ON CONFLICT (igsn) DO NOTHING RETURNING igsn)
      SELECT g.igsn FROM given g WHERE NOT EXISTS (SELECT 1 FROM added a WHERE a.igsn = g.igsn)`.execute(db);
    const inserted = new Set(rows.map((row) => row.igsn));
    for (const { igsn } of held) inserted.delete(igsn);
    return inserted;
  }
  const inserted = await db
    .insertInto('igsn_registry')
    .values(rows.map((row) => ({ ...row, created_at: createdAt })))
    .onConflict((conflict) => conflict.column('igsn').doNothing())
    .returning('igsn')
    .execute();
  return new Set(inserted.map((row) => row.igsn));
}

/** `SELECT igsn ... IN (?, …)` by the number of IGSNs: the text made once, not a query tree per batch. */
const issuedTexts = new Map<number, string>();

/** Those of `igsns` the registry holds (an import's batch: one statement, its text reused). */
async function issued(db: Kysely<RegistryTables>, igsns: readonly string[]): Promise<Set<string>> {
  if (igsns.length === 0) return new Set();
  let text = issuedTexts.get(igsns.length);
  if (!text) {
    text = `SELECT igsn FROM igsn_registry WHERE igsn IN (${igsns.map(() => '?').join(', ')})`;
    issuedTexts.set(igsns.length, text);
  }
  const { rows } = await db.executeQuery<{ igsn: string }>(CompiledQuery.raw(text, [...igsns]));
  return new Set(rows.map((row) => row.igsn));
}

async function igsnsAfter(db: Kysely<RegistryTables>, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('igsn_registry')
    .select('igsn')
    .where('igsn', '>', after)
    .orderBy('igsn')
    .limit(limit)
    .execute();
  return rows.map((row) => row.igsn);
}

/**
 * Queries on the registry of issued IGSNs. Works on any connection or transaction: the IGSN
 * behavior passes the record's write transaction, so a refused record registers nothing.
 * IGSNs are compared upper case (callers normalise); every lookup uses the unique igsn index or
 * the (data_model, model_id) index.
 */
export function createIgsnRegistry(connection: Db | Kysely<never>) {
  const db = (connection as unknown as Kysely<object>).withTables<RegistryTables>();
  return {
    find: (igsn: string): Promise<IgsnRegistryRow | undefined> =>
      db.selectFrom('igsn_registry').select(COLUMNS).where('igsn', '=', igsn).executeTakeFirst(),

    /** The IGSN issued for a record (the first, should there ever be several). */
    ofRecord: (dataModel: string, modelId: number): Promise<IgsnRegistryRow | undefined> =>
      db
        .selectFrom('igsn_registry')
        .select(COLUMNS)
        .where('data_model', '=', dataModel)
        .where('model_id', '=', modelId)
        .orderBy('id')
        .executeTakeFirst(),

    /** Those of these IGSNs the registry holds (an import's batch). */
    issued: (igsns: readonly string[]): Promise<Set<string>> => issued(db, igsns),

    /** The registry's IGSNs after `after`, in order, `limit` at most (a scan of the whole registry in pages). */
    igsnsAfter: (after: string, limit: number): Promise<string[]> => igsnsAfter(db, after, limit),

    /** How many rows the registry has had at most (its largest id: no count of the table). */
    size: async (): Promise<number> =>
      (
        await db
          .selectFrom('igsn_registry')
          .select((eb) => eb.fn.max('id').as('last'))
          .executeTakeFirst()
      )?.last ?? 0,

    /** The registry rows of these IGSNs (the back-fill: one query per page). */
    findMany: (igsns: readonly string[]): Promise<IgsnRegistryRow[]> =>
      igsns.length === 0
        ? Promise.resolve([])
        : db.selectFrom('igsn_registry').select(COLUMNS).where('igsn', 'in', igsns).execute(),

    /** The IGSNs issued for these records of a model. */
    ofRecords: (dataModel: string, modelIds: readonly number[]): Promise<IgsnRegistryRow[]> =>
      modelIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('igsn_registry')
            .select(COLUMNS)
            .where('data_model', '=', dataModel)
            .where('model_id', 'in', modelIds)
            .orderBy('id')
            .execute(),

    /** IGSNs starting with `prefix`, in order, as an index range (never a LIKE scan). */
    withPrefix: (prefix: string, limit: number, direction: 'asc' | 'desc' = 'asc'): Promise<IgsnRegistryRow[]> =>
      prefix === ''
        ? Promise.resolve([])
        : db
            .selectFrom('igsn_registry')
            .select(COLUMNS)
            .where('igsn', '>=', prefix)
            .where('igsn', '<', prefixEnd(prefix))
            .orderBy('igsn', direction)
            .limit(limit)
            .execute(),

    /**
     * Registers an IGSN; false when it is registered already (a racing write took it meanwhile).
     * ON CONFLICT instead of catching the error: on PostgreSQL a failed statement would abort
     * the whole write transaction.
     */
    async register(row: IgsnRegistryRow): Promise<boolean> {
      const inserted = await db
        .insertInto('igsn_registry')
        .values({ ...row, created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column('igsn').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Registers many IGSNs at once; returns those that were free (the others are registered already). */
    registerMany: (rows: readonly IgsnRegistryRow[]): Promise<Set<string>> => registerMany(db, rows),
  };
}

export type IgsnRegistry = ReturnType<typeof createIgsnRegistry>;
