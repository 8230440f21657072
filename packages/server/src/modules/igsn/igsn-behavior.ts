import {
  IgsnError,
  type IgsnParts,
  type IgsnSettings,
  generateIgsn,
  igsnGenerator,
  isIgsnPlaceholder,
  normalizeIgsn,
  validateIgsn,
  validationError,
} from '@mdis/shared';
import type { Kysely } from 'kysely';
import type {
  BehaviorContext,
  BehaviorRegistry,
  CreateManyContext,
  UpdateManyContext,
} from '../../engine/behaviors/behavior-registry';
import { textOf } from '../../engine/records/dynamic-db';
import { ancestorValues, parentsFromDb, parentsOnce } from './igsn-ancestors';
import {
  IGSN_BEHAVIOR_DEFAULTS,
  type IgsnBehaviorParameters,
  type IgsnDefaults,
  igsnParameters,
  igsnTagOf,
  wantedCodes,
} from './igsn-parameters';
import { heldIgsns, holdMany, holdsIgsns } from './igsn-held';
import { createIgsnRegistry } from './igsn-registry.repository';
import { readIgsnSettings } from './igsn-settings';

export const IGSN_BEHAVIOR_NAME = 'IgsnBehavior';

export interface IgsnBehaviorOptions {
  /** The domain's ancestors holding the codes (without them, every code comes from the app config). */
  defaults?: Partial<IgsnDefaults>;
}

type Connection = Kysely<never>;

/** The write transaction as the IGSN queries take it (they name their own tables). */
function connectionOf(context: BehaviorContext): Connection {
  return context.trx as unknown as Connection;
}

/** The codes the method needs from the record's ancestors (none for fixed_prefix). */
async function partsOf(
  context: BehaviorContext,
  parameters: IgsnBehaviorParameters,
  settings: IgsnSettings,
): Promise<Omit<IgsnParts, 'tag' | 'id'>> {
  const wanted = wantedCodes(parameters, settings);
  if (Object.keys(wanted).length === 0) return {};
  // The engine knows the templates already (cached per revision); reading them is the fallback.
  const engine = context.engine;
  const parentOf = engine ? engine.parentOf.bind(engine) : parentsFromDb(connectionOf(context));
  return ancestorValues(connectionOf(context), parentOf, context.model, context.record, wanted);
}

/** How often fixed_prefix takes the next number when a concurrent write registered the one it chose. */
const FIXED_PREFIX_ATTEMPTS = 5;

/** Generates (and registers) a new IGSN for the record with this id. */
async function issue(
  context: BehaviorContext,
  parameters: IgsnBehaviorParameters,
  settings: IgsnSettings,
  id: number,
): Promise<string> {
  const registry = createIgsnRegistry(connectionOf(context));
  const parts = await partsOf(context, parameters, settings);
  const sequential = settings.method === 'fixed_prefix' && settings.saveToDatabase;
  // The next of a sequence: parallel creates (on any instance) take their turn, so none reads a taken one.
  if (sequential) await context.engine?.lockGroup('igsn_registry', { prefix: settings.prefix });
  for (let attempt = 1; ; attempt += 1) {
    const lastIssued = sequential ? (await registry.withPrefix(settings.prefix, 1, 'desc'))[0]?.igsn : undefined;
    const igsn = generateIgsn(settings, { ...parts, tag: parameters.tag, id, lastIssued });
    try {
      await register(context, settings, igsn, id);
      return igsn;
    } catch (error) {
      // Each attempt re-reads the last issued IGSN: it now includes the one that was taken.
      const retry = sequential && attempt < FIXED_PREFIX_ATTEMPTS;
      if (!(retry && error instanceof IgsnError && error.reason === 'DUPLICATE_IGSN')) throw error;
    }
  }
}

/** Records an IGSN as issued for the record; one issued for another record → DUPLICATE_IGSN. */
async function register(context: BehaviorContext, settings: IgsnSettings, igsn: string, id: number): Promise<void> {
  if (!settings.saveToDatabase) return;
  const registry = createIgsnRegistry(connectionOf(context));
  const existing = await registry.find(igsn);
  if (existing?.data_model === context.model.fullName && existing.model_id === id) return;
  if (existing || !(await registry.register({ igsn, data_model: context.model.fullName, model_id: id }))) {
    throw new IgsnError('DUPLICATE_IGSN', igsn);
  }
}

/** The IGSN the registry holds for a record (none while saving to the registry is off). */
async function issuedIgsn(context: BehaviorContext, settings: IgsnSettings, id: number): Promise<string | undefined> {
  if (settings.saveToDatabase) {
    const row = await createIgsnRegistry(connectionOf(context)).ofRecord(context.model.fullName, id);
    if (row) return row.igsn;
  }
  return undefined;
}

/** An IgsnError is the user's to fix: a 422 on the IGSN field. */
async function asFieldError(column: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof IgsnError) throw validationError([{ field: column, message: error.message }]);
    throw error;
  }
}

const asFailure = (column: string, error: unknown) =>
  error instanceof IgsnError ? validationError([{ field: column, message: error.message }]) : error;

type Parts = Omit<IgsnParts, 'tag' | 'id'>;

/** The IGSN settings of each batch transaction, read at its first batch (settingsOfTransaction). */
const transactionSettings = new WeakMap<object, Promise<IgsnSettings>>();

/**
 * The IGSN settings for the batches of one transaction, read once: SQLite's transaction holds the
 * only connection, so nothing else changes them meanwhile; a PostgreSQL import is one transaction,
 * and all its records get their IGSNs by one reading of the settings, as one statement would
 * (rereading them per batch let a change half-way give one import two kinds of IGSN). The IGSNs'
 * uniqueness does not rest on them: the registry's unique index and the prefix lock keep it.
 */
function settingsOfTransaction(connection: Connection): Promise<IgsnSettings> {
  let settings = transactionSettings.get(connection);
  if (!settings) {
    settings = readIgsnSettings(connection);
    transactionSettings.set(connection, settings);
  }
  return settings;
}

type Codes = { parts: Parts } | { error: unknown };

/**
 * The ancestors' codes of a batch's records, read once per key (parent and own codes), in record
 * order, before the records are numbered: that loop then awaits nothing per record. Returns the
 * codes of a record, or throws the error its key's read failed with (that record fails alone).
 * `byKey` holds what earlier batches of the same import read: the codes are the ancestors', other
 * tables than the one the import writes, so they stay as read (PostgreSQL: some 20 round trips
 * per 1,000 samples, one per parent, no longer after the first batch).
 */
async function codesOfBatch(
  records: readonly Record<string, unknown>[],
  keyOf: (record: Record<string, unknown>) => string,
  read: (record: Record<string, unknown>) => Promise<Parts>,
  byKey: Map<string, Codes>,
): Promise<(record: Record<string, unknown>) => Parts> {
  const byRecord = new Map<Record<string, unknown>, Codes>();
  for (const record of records) {
    const key = keyOf(record);
    let codes = byKey.get(key);
    if (!codes) {
      try {
        codes = { parts: key === '' ? {} : await read(record) };
      } catch (error) {
        codes = { error };
      }
      byKey.set(key, codes);
    }
    byRecord.set(record, codes);
  }
  return (record) => {
    const codes = byRecord.get(record);
    if (codes && 'error' in codes) throw codes.error;
    return codes?.parts ?? {};
  };
}

/**
 * The IGSNs of a batch of creates (their ids given), before the insert: the settings read once, the
 * ancestors' codes once per parent, a fixed_prefix sequence read once per import and carried on in
 * memory, every IGSN checked and registered with one query each. A record's IgsnError fails that
 * record alone, with the field error afterCreate gives it.
 */
async function issueMany(context: CreateManyContext, defaults: IgsnDefaults): Promise<void> {
  const { model, records, engine, memo } = context;
  const parameters = igsnParameters(model, context.parameters, defaults);
  const { column } = parameters;
  const connection = context.trx as unknown as Connection;
  const settings = await settingsOfTransaction(connection);
  const wanted = wantedCodes(parameters, settings);
  // Each model's parent looked up once per batch, not once per parent record up its whole chain.
  const parentOf = parentsOnce(engine.parentOf.bind(engine));
  const link = await parentOf(model);
  const own = Object.values(wanted).filter((want) => want.model === model.fullName);
  const partsKey = (record: Record<string, unknown>) =>
    Object.keys(wanted).length === 0
      ? ''
      : JSON.stringify([link ? record[link.parentColumn] : null, ...own.map((w) => record[w.column])]);
  const registry = createIgsnRegistry(connection);
  const sequential = settings.method === 'fixed_prefix' && settings.saveToDatabase;
  const lastKey = `${IGSN_BEHAVIOR_NAME}:last:${settings.prefix}`;
  if (sequential) await engine.lockGroup('igsn_registry', { prefix: settings.prefix });
  let lastIssued = sequential
    ? ((memo.get(lastKey) as string | undefined) ?? (await registry.withPrefix(settings.prefix, 1, 'desc'))[0]?.igsn)
    : undefined;
  const codesKey = `${IGSN_BEHAVIOR_NAME}:codes:${model.fullName}:${JSON.stringify(wanted)}`;
  const codes = (memo.get(codesKey) as Map<string, Codes> | undefined) ?? new Map<string, Codes>();
  memo.set(codesKey, codes);
  const partsOfRecord = await codesOfBatch(
    records.filter((r) => isIgsnPlaceholder(r[column])),
    partsKey,
    (record) => ancestorValues(connection, parentOf, model, record, wanted),
    codes,
  );
  // The records of one parent share their codes: each set's checks and text made once (igsnGenerator).
  const generators = new Map<Parts, ReturnType<typeof igsnGenerator>>();
  const generatorOf = (parts: Parts) => {
    let generator = generators.get(parts);
    if (!generator) {
      generator = igsnGenerator(settings, { ...parts, tag: parameters.tag });
      generators.set(parts, generator);
    }
    return generator;
  };
  const planned: { index: number; igsn: string }[] = [];
  for (const [index, record] of records.entries()) {
    try {
      const value = record[column];
      if (isIgsnPlaceholder(value)) {
        const igsn = generatorOf(partsOfRecord(record))(Number(record.id), lastIssued);
        if (sequential) lastIssued = igsn;
        planned.push({ index, igsn });
      } else planned.push({ index, igsn: validateIgsn(textOf(value)) });
    } catch (error) {
      context.fail(index, asFailure(column, error));
    }
  }
  if (sequential && lastIssued !== undefined) memo.set(lastKey, lastIssued);
  const registered = settings.saveToDatabase
    ? await registerMany(context, column, planned, !sequential && holdsIgsns(connection, context.holding))
    : new Set(planned.map((p) => p.index));
  for (const { index, igsn } of planned) {
    if (registered.has(index)) (records[index] as Record<string, unknown>)[column] = igsn;
  }
}

/**
 * register() for a batch: the indices whose IGSN is now the record's (the others failed:
 * DUPLICATE_IGSN). Each IGSN is inserted first (ON CONFLICT DO NOTHING) and the registry read only
 * for those it already held, whose owner decides: one statement for a batch of new IGSNs, not a
 * lookup and then the insert. A later record of the batch naming an IGSN an earlier one took is a
 * duplicate, as it would be written after it.
 */
async function registerMany(
  context: CreateManyContext,
  column: string,
  planned: readonly { index: number; igsn: string }[],
  hold: boolean,
): Promise<Set<number>> {
  const { model, records } = context;
  const connection = context.trx as unknown as Connection;
  const registry = createIgsnRegistry(connection);
  const idOf = (index: number) => Number(records[index]?.id);
  const first = new Map<string, number>();
  for (const { index, igsn } of planned) if (!first.has(igsn)) first.set(igsn, index);
  const rows = [...first].map(([igsn, index]) => ({ igsn, data_model: model.fullName, model_id: idOf(index) }));
  // Held until the import settles them (igsn-held.ts); one an earlier batch holds has no owner here: a duplicate.
  const inserted = hold
    ? await holdMany(connection, context.memo, model.fullName, rows)
    : await registry.registerMany(rows);
  const taken = [...first.keys()].filter((igsn) => !inserted.has(igsn));
  const owners = new Map((await registry.findMany(taken)).map((row) => [row.igsn, row]));
  const ok = new Set<number>();
  for (const { index, igsn } of planned) {
    const owner = owners.get(igsn);
    const own = inserted.has(igsn)
      ? first.get(igsn) === index
      : owner?.data_model === model.fullName && owner.model_id === idOf(index);
    if (own) ok.add(index);
    else context.fail(index, asFailure(column, new IgsnError('DUPLICATE_IGSN', igsn)));
  }
  return ok;
}

/**
 * beforeUpdate for a batch of updates: a record whose IGSN the registry holds (every record issued
 * or registered since) keeps it with one registry query for the batch and no write; any other
 * (a value stored before the registry, an empty field, the registry off) goes through beforeUpdate
 * itself, in file order. The first kind neither reads nor writes what the second writes.
 */
async function keepIssued(
  context: UpdateManyContext,
  defaults: IgsnDefaults,
  beforeUpdate: (context: BehaviorContext) => Promise<void>,
): Promise<void> {
  const { trx, model, records, previous, engine } = context;
  const parameters = igsnParameters(model, context.parameters, defaults);
  const { column } = parameters;
  const settings = await settingsOfTransaction(trx as unknown as Connection);
  const ids = records.map((record, index) => Number(record.id ?? previous[index]?.id));
  const issued = new Map<number, string>();
  if (settings.saveToDatabase) {
    // Ordered by id: a record's first registry row, as ofRecord reads it.
    for (const row of await createIgsnRegistry(trx as unknown as Connection).ofRecords(model.fullName, ids))
      if (!issued.has(row.model_id)) issued.set(row.model_id, row.igsn);
  }
  for (const [index, record] of records.entries()) {
    const igsn = issued.get(ids[index] ?? Number.NaN);
    if (igsn === undefined) {
      try {
        await beforeUpdate({ trx, model, parameters: context.parameters, record, previous: previous[index], engine });
      } catch (error) {
        context.fail(index, error);
      }
      continue;
    }
    const value = record[column];
    if (!isIgsnPlaceholder(value) && normalizeIgsn(textOf(value)) !== igsn)
      context.fail(index, asFailure(column, new IgsnError('IGSN_CHANGED', igsn)));
    else record[column] = igsn;
  }
}

function createHooks(defaults: IgsnDefaults) {
  return {
    // A batch of creates (an import) carries its ids: every IGSN before the one insert.
    createMany: { before: (context: CreateManyContext) => issueMany(context, defaults), held: heldIgsns },

    // After the insert: the number part needs the new id. The row is updated in the same transaction.
    afterCreate: (context: BehaviorContext) => {
      const parameters = igsnParameters(context.model, context.parameters, defaults);
      return asFieldError(parameters.column, async () => {
        const id = Number(context.record.id);
        const settings = await readIgsnSettings(connectionOf(context));
        const value = context.record[parameters.column];
        let igsn: string;
        if (isIgsnPlaceholder(value)) igsn = await issue(context, parameters, settings, id);
        else {
          igsn = validateIgsn(textOf(value));
          await register(context, settings, igsn, id);
        }
        if (igsn === value) return;
        await context.trx
          .updateTable(context.model.table)
          .set({ [parameters.column]: igsn })
          .where('id', '=', id)
          .execute();
        context.record[parameters.column] = igsn;
      });
    },

    // A batch of updates (an import's upserts): the registry read once (keepIssued).
    updateMany: {
      before: (context: UpdateManyContext) => keepIssued(context, defaults, (one) => beforeUpdate(one, defaults)),
    },
    // Before the update: an issued IGSN never changes; an empty field gets it back (or a new one).
    beforeUpdate: (context: BehaviorContext) => beforeUpdate(context, defaults),
    // Deleting a record keeps its registry row: an IGSN is a permanent identifier, never issued twice.
  };
}

/** Before the update: an issued IGSN never changes; an empty field gets it back (or a new one). */
function beforeUpdate(context: BehaviorContext, defaults: IgsnDefaults): Promise<void> {
  const parameters = igsnParameters(context.model, context.parameters, defaults);
  return asFieldError(parameters.column, async () => {
    const id = Number(context.record.id ?? context.previous?.id);
    const settings = await readIgsnSettings(connectionOf(context));
    const value = context.record[parameters.column];
    const previous = context.previous?.[parameters.column];
    // The registry's, else a real IGSN stored before the registry knew it (or while it was off).
    const issued =
      (await issuedIgsn(context, settings, id)) ??
      (isIgsnPlaceholder(previous) ? undefined : normalizeIgsn(textOf(previous)));
    if (issued !== undefined) {
      if (!isIgsnPlaceholder(value) && normalizeIgsn(textOf(value)) !== issued) {
        throw new IgsnError('IGSN_CHANGED', issued);
      }
      // A value stored before the registry existed is registered on its first save.
      await register(context, settings, issued, id);
      context.record[parameters.column] = issued;
      return;
    }
    if (isIgsnPlaceholder(value)) context.record[parameters.column] = await issue(context, parameters, settings, id);
    else {
      const igsn = validateIgsn(textOf(value));
      await register(context, settings, igsn, id);
      context.record[parameters.column] = igsn;
    }
  });
}

/**
 * Registers the Igsn behavior (reference §2.6): automatic on every model whose `igsn` column
 * defaults to an object-tag letter; generated after insert or when the field is empty or holds
 * only the letter, an entered IGSN is validated and registered instead, an issued one never changes.
 */
export function registerIgsnBehavior(registry: BehaviorRegistry, options: IgsnBehaviorOptions = {}): void {
  const defaults = { ...IGSN_BEHAVIOR_DEFAULTS, ...options.defaults };
  registry.register(IGSN_BEHAVIOR_NAME, {
    hooks: createHooks(defaults),
    parameters: [
      { name: 'column', kind: 'column', hint: `the IGSN column (default ${defaults.column})` },
      { name: 'tag', kind: 'text', hint: "the object-tag letter (default: the column's default value)" },
      {
        name: 'programModel',
        kind: 'text',
        hint: `the program's model (default ${defaults.programModel || 'none: igsn.program'})`,
      },
      {
        name: 'expeditionModel',
        kind: 'text',
        hint: `the expedition's model (default ${defaults.expeditionModel || 'none: igsn.expedition'})`,
      },
    ],
    auto: (model) => {
      const tag = igsnTagOf(model, defaults.column);
      return tag ? { tag } : undefined;
    },
  });
}
