import { type BehaviorInfo, type BehaviorParameterInfo, type ModelTemplate, behaviorName } from '@mdis/shared';
import type { Kysely, RawBuilder, Transaction } from 'kysely';
import type { Dialect } from '../../infra/db/dialect';
import type { MaintainedColumn } from '../records/maintained-columns';
import type { RecordModel } from '../records/record-model';

/** A record as the pipeline handles it: column name → value (already converted for storage). */
export type RecordValues = Record<string, unknown>;

export type AnyDb =
  Transaction<Record<string, Record<string, unknown>>> | Kysely<Record<string, Record<string, unknown>>>;

/** A column → value condition of `findRecords`: an array means "one of", null means "is NULL". */
export type RecordConditions = Record<string, unknown>;

export interface FindRecordsOptions {
  orderBy?: string;
  direction?: 'asc' | 'desc';
  limit?: number;
  /** Stored columns and ancestor ids only, no computed pseudo columns: cheaper, for lookups. */
  plain?: boolean;
}

/** A model related to another one by its parent link, with the column of the child that holds the parent's id. */
export interface ParentLink {
  child: ModelTemplate;
  parent: ModelTemplate;
  /** The column of `child` that holds the parent's id (e.g. `hole_id`). */
  parentColumn: string;
}

/**
 * What behaviors may ask of the records engine without knowing it (no authorization applied).
 * Bound to the executor of the hook: inside a write it reads and writes through the same
 * transaction, so it sees (and undoes) what the write did.
 */
export interface BehaviorEngine {
  /**
   * Stored records of a model in API shape (ancestor ids joined, pseudo columns computed unless
   * `plain`), e.g. the newest sibling for DefaultFromSibling. `where` holds column → value
   * conditions (stored columns, ancestor ids or parent-path pseudo columns).
   */
  findRecords(fullName: string, where: RecordConditions, options?: FindRecordsOptions): Promise<RecordValues[]>;
  /**
   * Inserts a record of a model through that model's own behaviors (before, write, after: combined
   * id, IGSN, …) in the current transaction; columns not given get their template defaults. No
   * authorization and no input validation: the calling behavior vouches for the values (storage
   * form). Returns the new id.
   */
  insertRecord(fullName: string, values: RecordValues): Promise<number>;
  /** The models whose parent is `fullName`, each with its column pointing at the parent. */
  childModels(fullName: string): Promise<ParentLink[]>;
  /** The parent model of `model` and the column pointing at it, when it has one. */
  parentOf(model: ModelTemplate): Promise<ParentLink | undefined>;
  /**
   * Serializes writes within a group (e.g. the cores of one hole) until the current transaction
   * ends, across app instances: a behavior that reads the group and then writes from what it read
   * (the next number, a count against a limit, find-or-create) calls it before reading, so parallel
   * creates wait for each other instead of colliding. `scope` names what is counted (a table or a
   * model), `group` its column → value.
   */
  lockGroup(scope: string, group: RecordConditions): Promise<void>;
  /**
   * Rewrites the maintained columns (ColumnSql.maintained) of every record below the records of
   * `fullName` selected by `ids` (a subquery or a list of ids), in the current transaction: for a
   * behavior whose pseudo values of other models derive from what this write changed (a section's
   * length moves the depths of the samples below its core). `source` limits it to the columns of
   * one source (the combined-id behavior refreshes only the expressions over combined ids).
   */
  refreshMaintainedBelow(
    fullName: string,
    ids: RawBuilder<unknown> | readonly number[],
    source?: MaintainedColumn['source'],
  ): Promise<void>;
  /**
   * Rewrites the maintained columns of the records `ids` of `model` themselves (after every write).
   * It takes the record model, not its name: no template read inside the write's transaction (on
   * SQLite a read outside it would wait for the connection the transaction holds).
   */
  refreshMaintained(model: RecordModel, ids: RawBuilder<unknown> | readonly number[]): Promise<void>;
}

/**
 * What a write hook receives. Hooks run inside the write transaction: whatever they read or
 * write through `trx` commits or rolls back with the record.
 */
export interface BehaviorContext {
  trx: AnyDb;
  model: ModelTemplate;
  /** The behavior's `parameters` from the model template. */
  parameters: Record<string, unknown>;
  /** The record being written (or, for `defaults`, the unsaved draft); hooks may change it in place. */
  record: RecordValues;
  /** The stored record before an update or delete. */
  previous?: RecordValues;
  /** Present when the engine wires it (always in the records service). */
  engine?: BehaviorEngine;
}

/** What a `present` hook receives: one page of records in API shape, to fill pseudo columns in batch. */
export interface PresentContext {
  db: AnyDb;
  model: ModelTemplate;
  parameters: Record<string, unknown>;
  records: RecordValues[];
  /** Present when the engine wires it (always in the records service). */
  engine?: BehaviorEngine;
}

/**
 * What a batch hook of creates receives (an import): the records of one batch, in file order, each
 * with the id it will be inserted under already set (so ids, combined ids and IGSNs are computed
 * in memory, before one multi-row insert).
 */
export interface CreateManyContext {
  trx: AnyDb;
  model: ModelTemplate;
  parameters: Record<string, unknown>;
  /** The records still to write; hooks may change them in place. */
  records: RecordValues[];
  engine: BehaviorEngine;
  /** Drops `records[index]` from the batch with the error its per-record hook would have thrown. */
  fail(index: number, error: unknown): void;
  /**
   * Kept for the whole import (across batches and their transactions): what a hook computed once
   * and carries on in memory (the next number of a group, the last IGSN of a sequence). Keys are
   * the hook's own; prefix them with the behavior's name.
   */
  memo: Map<string, unknown>;
  /**
   * The caller writes what the hooks hold back (CreateManyHooks.held) before it keeps the import,
   * or drops it: a hook may then hold a write back instead of doing it batch by batch.
   */
  holding?: boolean;
  /**
   * The parent records of the batch's creates (the model's parent table, plain as findRecords
   * gives them) by their id as text: the engine read them for its parent check in this batch, so
   * a hook that needs them asks the database no more. Absent for updates.
   */
  parents?: ReadonlyMap<string, RecordValues>;
}

/**
 * The batch form of `beforeCreate`/`afterCreate` for many creates at once. A behavior that has it
 * says: for a batch of creates, `before` (ahead of the insert) and `after` (behind it) do together
 * what its per-record create hooks do, with the same results and the same errors per record. A
 * model one of whose behaviors has create hooks but no batch form is written record by record.
 */
export interface CreateManyHooks {
  before?: (context: CreateManyContext) => Promise<void> | void;
  after?: (context: CreateManyContext) => Promise<void> | void;
  /**
   * The columns of the model's own table these hooks look records up by (a numbering's group): a
   * large SQLite import keeps their indexes while it sets the others aside (import-indexes.ts).
   */
  readsBy?: (parameters: Record<string, unknown>) => readonly string[];
  /** What `before`/`after` held back while the context was `holding`: written later, or dropped. */
  held?: HeldWrites;
}

/** What the hooks of held-back writes receive (HeldWrites). */
export interface HeldContext {
  trx: AnyDb;
  model: ModelTemplate;
  parameters: Record<string, unknown>;
  /** The import's memo (CreateManyContext.memo): where the batch hooks noted what they hold. */
  memo: Map<string, unknown>;
}

/**
 * Writes a batch hook of creates held back across an import's batches and transactions, because
 * together they cost less than batch by batch (the IGSN registry's rows: igsn-held.ts). `flush`
 * writes them in the import's transaction once at least `atLeast` are held (0: all, before the
 * import is kept); a write another record took meanwhile throws an AppError, which fails the
 * import. `drop` forgets them: the import keeps nothing.
 */
export interface HeldWrites {
  flush: (context: HeldContext, atLeast: number) => Promise<void>;
  drop: (context: HeldContext) => Promise<void>;
}

/**
 * What a batch hook of updates receives (an import's upserts): the records of one batch in file
 * order, each over its stored record (`previous[i]` belongs to `records[i]`), the batch naming
 * each record once.
 */
export interface UpdateManyContext extends CreateManyContext {
  previous: RecordValues[];
}

/**
 * The batch form of `beforeUpdate`/`afterUpdate`: for a batch of updates, `before` (ahead of the
 * write) and `after` (behind it) do together what the per-record update hooks do record after
 * record, with the same results and the same errors per record. A model one of whose behaviors has
 * update hooks but no batch form is updated record by record.
 */
export interface UpdateManyHooks {
  before?: (context: UpdateManyContext) => Promise<void> | void;
  after?: (context: UpdateManyContext) => Promise<void> | void;
}

/**
 * A server-side behavior (reference §7): domain rules such as depth calculations, combined ids
 * or IGSNs plug into the generic pipeline through these hooks, never by editing the engine.
 * Every hook is optional; throwing an AppError aborts the write (and rolls it back).
 */
export interface BehaviorHooks {
  /** POST form/defaults: fill the unsaved draft (auto-increment numbers, values from siblings, limits → 409). */
  defaults?: (context: BehaviorContext) => Promise<void> | void;
  beforeCreate?: (context: BehaviorContext) => Promise<void> | void;
  beforeUpdate?: (context: BehaviorContext) => Promise<void> | void;
  afterCreate?: (context: BehaviorContext) => Promise<void> | void;
  afterUpdate?: (context: BehaviorContext) => Promise<void> | void;
  beforeDelete?: (context: BehaviorContext) => Promise<void> | void;
  /** After the row is deleted, still inside the transaction (`record` and `previous`: the deleted record). */
  afterDelete?: (context: BehaviorContext) => Promise<void> | void;
  /**
   * Once a delete has committed (outside the transaction; `trx` is the plain connection): for
   * what must not happen unless the row is really gone, such as removing a file's stored bytes.
   * The delete stands whatever this does, so it should not throw.
   */
  afterDeleteCommitted?: (context: BehaviorContext) => Promise<void> | void;
  /** Many creates at once (an import): see CreateManyHooks. */
  createMany?: CreateManyHooks;
  /** Many updates at once (an import's upserts): see UpdateManyHooks. */
  updateMany?: UpdateManyHooks;
  /** After a page of records was read and the generic pseudo columns computed: one batch, never per row. */
  present?: (context: PresentContext) => Promise<void> | void;
  /**
   * The SQL of pseudo columns that `present` fills, so that lists sort and filter by them in the
   * database: column name → expression over the list's record alias `r` (self-contained: correlated
   * subqueries, no joins of its own), giving the value `present` shows.
   */
  columnSql?: (
    model: ModelTemplate,
    parameters: Record<string, unknown>,
    dialect: Dialect,
  ) => Readonly<Record<string, ColumnSql>>;
}

/** A pseudo column's value in SQL: the expression and how filters compare it. */
export interface ColumnSql {
  sql: RawBuilder<unknown>;
  kind: 'number' | 'text';
  /**
   * Kept in a stored, indexed column of the table (a maintained column, engine/records/maintained-
   * columns.ts) that lists sort and filter by: for values too costly to compute per row over a big
   * table. The engine writes it from `sql` after every write of the record; what it derives from in
   * other records is the behavior's to follow (BehaviorEngine.refreshMaintainedBelow).
   */
  maintained?: true;
  /**
   * The same value over a parent row computed once per parent, for rewriting many maintained rows
   * at once (a backfill of 50k samples would otherwise compute each one's section depth four times).
   */
  perParent?: PerParentSql;
}

/**
 * The parent rows a set-based write joins (LEFT JOIN on `key` = the record's `via` column), one per
 * parent. Columns that share one ParentRows object (by reference) share the join.
 */
export interface ParentRows {
  /** The record's column that points at the parent. */
  via: string;
  /** One row per parent whose key is among `keys` (a subquery): a `key` column and what values read. */
  select: (keys: RawBuilder<unknown>) => RawBuilder<unknown>;
}

/** A maintained value over its parent's row (aliased by the engine) and the record `r`'s own columns. */
export interface PerParentSql {
  parent: ParentRows;
  /** NULL when the parent row is missing, as the correlated `sql` gives. */
  value: (parentAlias: string) => RawBuilder<unknown>;
}

export type BehaviorHookName = Exclude<keyof BehaviorHooks, 'present' | 'columnSql' | 'createMany' | 'updateMany'>;

/**
 * A parameter as the template manager lists it (spec 3: Behavior info parameters, each with name,
 * hint), with its kind so that the model editor offers a column picker, a number, a switch or text.
 */
export type BehaviorParameter = BehaviorParameterInfo;

export interface BehaviorDefinition {
  hooks: BehaviorHooks;
  parameters?: BehaviorParameter[];
  /**
   * Checks a template's parameters against the model; returns messages in the original's wording
   * ("<param> cannot be empty", "<col> does not exist in the current model"), [] when fine.
   */
  validate?: (parameters: Record<string, unknown>, model: ModelTemplate) => string[];
  /**
   * Automatic behaviors (CombinedId, Igsn) are not listed in templates: they apply to every model
   * for which this returns parameters.
   */
  auto?: (model: ModelTemplate) => Record<string, unknown> | undefined;
}

/** Behavior info of `cg/api/behaviors` (the shared schema). */
export type { BehaviorInfo };

export interface ResolvedBehavior {
  name: string;
  hooks: BehaviorHooks;
  parameters: Record<string, unknown>;
}

/**
 * Automatic behaviors that change while the server runs (the generated hook modules, stored in the
 * database). Hooks run inside write transactions, where a source must not touch the database (a
 * second connection could wait on the first), so it is brought up to date before: `refresh`.
 */
export interface BehaviorSource {
  /** Brings the behaviors up to date; the records engine calls it before an operation starts. */
  refresh(): Promise<void>;
  /** The behaviors as of the last refresh, by name. */
  current(): ReadonlyMap<string, BehaviorDefinition>;
}

export interface BehaviorRegistry {
  /** Registers a behavior under a name; a second registration under the same name is a programming error. */
  register(name: string, definition: BehaviorDefinition | BehaviorHooks): void;
  /** Adds a source of automatic behaviors that may change at any time (see BehaviorSource). */
  addSource(source: BehaviorSource): void;
  get(name: string): BehaviorDefinition | undefined;
  /** The catalog for the template manager, sorted by name (automatic behaviors are not selectable). */
  list(): BehaviorInfo[];
  /**
   * The registered behaviors of a model, in template order, then the automatic ones (the sources'
   * as of their last refresh), with their parameters.
   */
  resolve(model: ModelTemplate): ResolvedBehavior[];
  /** Refreshes every source (before a records operation, outside any transaction). */
  refresh(): Promise<void>;
}

export const BEHAVIOR_CLASS_PREFIX = 'app\\behaviors\\template\\';

// A template names a behavior by its PHP class; the registry by the class's last segment (shared rule).
export { behaviorName };

function isDefinition(value: BehaviorDefinition | BehaviorHooks): value is BehaviorDefinition {
  return 'hooks' in value && typeof value.hooks === 'object';
}

function automaticOf(
  definitions: Iterable<[string, BehaviorDefinition]>,
  model: ModelTemplate,
  listedNames: ReadonlySet<string>,
): ResolvedBehavior[] {
  return [...definitions].flatMap(([name, definition]) => {
    const parameters = listedNames.has(name) ? undefined : definition.auto?.(model);
    return parameters ? [{ name, hooks: definition.hooks, parameters }] : [];
  });
}

export function createBehaviorRegistry(): BehaviorRegistry {
  const byName = new Map<string, BehaviorDefinition>();
  const sources: BehaviorSource[] = [];
  return {
    register: (name, definition) => {
      if (byName.has(name)) throw new Error(`Behavior ${name} is already registered`);
      byName.set(name, isDefinition(definition) ? definition : { hooks: definition });
    },
    addSource: (source) => void sources.push(source),
    get: (name) => byName.get(name),
    list: () =>
      [...byName.entries()]
        .filter(([, definition]) => !definition.auto)
        .map(([name, definition]) => ({
          name: name.replace(/Behavior$/, ''),
          behaviorClass: `${BEHAVIOR_CLASS_PREFIX}${name}`,
          parameters: definition.parameters ?? [],
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    resolve: (model) => {
      // Behaviors a template names but nobody registered are skipped: templates from the original may
      // name PHP behaviors that have no counterpart here (yet).
      const listed = model.behaviors.flatMap((behavior) => {
        const name = behaviorName(behavior);
        const definition = byName.get(name);
        return definition ? [{ name, hooks: definition.hooks, parameters: behavior.parameters ?? {} }] : [];
      });
      const names = new Set(listed.map((b) => b.name));
      const automatic = automaticOf(byName.entries(), model, names);
      for (const source of sources) automatic.push(...automaticOf(source.current().entries(), model, names));
      return [...listed, ...automatic];
    },
    refresh: async () => {
      await Promise.all(sources.map((source) => source.refresh()));
    },
  };
}

/** Runs one hook of every behavior of the model, in order. */
export async function runBehaviorHook(
  registry: BehaviorRegistry,
  hook: BehaviorHookName,
  context: Omit<BehaviorContext, 'parameters'>,
): Promise<void> {
  for (const { hooks, parameters } of registry.resolve(context.model)) {
    const run = hooks[hook];
    if (run) await run({ ...context, parameters });
  }
}

/** Runs the `present` hook of every behavior of the model over one page of records. */
export async function runPresentHooks(
  registry: BehaviorRegistry,
  context: Omit<PresentContext, 'parameters'>,
): Promise<void> {
  if (context.records.length === 0) return;
  for (const { hooks, parameters } of registry.resolve(context.model)) {
    if (hooks.present) await hooks.present({ ...context, parameters });
  }
}

/** Whether every behavior of the model that acts on a create has a batch form (CreateManyHooks). */
export function createsInBatches(registry: BehaviorRegistry, model: ModelTemplate): boolean {
  return registry
    .resolve(model)
    .every(({ hooks }) => hooks.createMany !== undefined || (!hooks.beforeCreate && !hooks.afterCreate));
}

/** The columns of its own table the model's batch create hooks look records up by (CreateManyHooks.readsBy). */
export function createManyReadsBy(registry: BehaviorRegistry, model: ModelTemplate): Set<string> {
  return new Set(
    registry.resolve(model).flatMap(({ hooks, parameters }) => hooks.createMany?.readsBy?.(parameters) ?? []),
  );
}

/** Whether every behavior of the model that acts on an update has a batch form (UpdateManyHooks). */
export function updatesInBatches(registry: BehaviorRegistry, model: ModelTemplate): boolean {
  return registry
    .resolve(model)
    .every(({ hooks }) => hooks.updateMany !== undefined || (!hooks.beforeUpdate && !hooks.afterUpdate));
}

/**
 * Runs one batch hook of every behavior of the model, in order. Each behavior sees only the
 * records no earlier one failed; `fail` is called with the index in `context.records`.
 */
async function runManyHook<C extends CreateManyContext>(
  resolved: readonly ResolvedBehavior[],
  hookOf: (hooks: BehaviorHooks) => ((context: C) => Promise<void> | void) | undefined,
  context: Omit<C, 'parameters'>,
  narrow: (context: Omit<C, 'parameters'>, live: readonly number[]) => Partial<C>,
): Promise<void> {
  const failed = new Set<number>();
  for (const { hooks, parameters } of resolved) {
    const run = hookOf(hooks);
    if (!run) continue;
    const live = context.records.flatMap((_record, index) => (failed.has(index) ? [] : [index]));
    if (live.length === 0) return;
    await run({
      ...context,
      parameters,
      ...narrow(context, live),
      fail: (index: number, error: unknown) => {
        const origin = live.at(index);
        if (origin === undefined || failed.has(origin)) return;
        failed.add(origin);
        context.fail(origin, error);
      },
    } as C);
  }
}

/** Runs one batch hook of creates of every behavior of the model, in order (see runManyHook). */
export function runCreateManyHook(
  registry: BehaviorRegistry,
  stage: 'before' | 'after',
  context: Omit<CreateManyContext, 'parameters'>,
): Promise<void> {
  return runManyHook<CreateManyContext>(
    registry.resolve(context.model),
    (hooks) => hooks.createMany?.[stage],
    context,
    (all, live) => ({ records: live.map((index) => all.records[index]) }),
  );
}

/** Writes (`atLeast` held, 0: all) or drops what the model's batch hooks of creates held back (HeldWrites). */
export async function settleHeldWrites(
  registry: BehaviorRegistry,
  context: Omit<HeldContext, 'parameters'>,
  atLeast: number | 'drop',
): Promise<void> {
  for (const { hooks, parameters } of registry.resolve(context.model)) {
    const held = hooks.createMany?.held;
    if (!held) continue;
    if (atLeast === 'drop') await held.drop({ ...context, parameters });
    else await held.flush({ ...context, parameters }, atLeast);
  }
}

/** Runs one batch hook of updates of every behavior of the model, in order (see runManyHook). */
export function runUpdateManyHook(
  registry: BehaviorRegistry,
  stage: keyof UpdateManyHooks,
  context: Omit<UpdateManyContext, 'parameters'>,
): Promise<void> {
  return runManyHook<UpdateManyContext>(
    registry.resolve(context.model),
    (hooks) => hooks.updateMany?.[stage],
    context,
    (all, live) => ({
      records: live.map((index) => all.records[index]),
      previous: live.map((index) => all.previous[index]),
    }),
  );
}
