import type { FormTemplate } from '@mdis/shared';
import type { Dialect } from '../../infra/db/dialect';
import type { Db } from '../../infra/db/schema';
import type { BehaviorRegistry } from '../behaviors/behavior-registry';
import { createBehaviorEngineFactory, pseudoComputerOn } from './behavior-engine';
import { columnAbilities } from './computed-columns';
import { type DynamicDb, type DynamicTrx, asDynamic } from './dynamic-db';
import { createLookupLists } from './lookup-lists';
import type { TemplateSource } from './record-model';
import type { RecordsDeps } from './records-deps';
import { createRecordsDrafts } from './records-drafts';
import { createRecordsImporter } from './records-import';
import { createRecordsReader } from './records-read';
import { createRecordsWriter } from './records-write';
import { createRecordsRepository } from './records.repository';
import { createRelationLinks } from './relation-links';
import type { PseudoComputer } from './steps/present';

export interface RecordsServiceOptions {
  db: Db;
  /** Set by inTransaction: the service bound to a caller's transaction defers post-commit work here. */
  afterCommit?: RecordsDeps['afterCommit'];
  dialect: Dialect;
  templates: TemplateSource;
  behaviors: BehaviorRegistry;
  computePseudo?: PseudoComputer;
  asyncListLimit?: number;
}

/**
 * The generic record pipeline for every template model, one for all (no per-model services; STYLE
 * rule 2, docs/ARCHITECTURE.md): each operation sequences
 * the steps in ./steps — authorize → validate → convert → behaviors before → write (one
 * transaction) → translate DB errors → behaviors after → present.
 */
export function createRecordsService(options: RecordsServiceOptions) {
  const repository = createRecordsRepository(asDynamic(options.db));
  const behaviorEngine = createBehaviorEngineFactory(options);
  const db = asDynamic(options.db);
  // Behaviors' `present` hooks (e.g. the depth model) run after the generic pseudo columns, per page.
  const computePseudo: PseudoComputer =
    options.computePseudo ?? pseudoComputerOn(options, db, () => behaviorEngine(db));
  const links = createRelationLinks(db, options.dialect);
  const deps = { ...options, repository, computePseudo, links, behaviorEngine, dynamicDb: db };
  const reader = createRecordsReader(deps);
  const writer = createRecordsWriter(deps, reader);
  const drafts = createRecordsDrafts(deps, reader, writer.checkParent);
  const lookups = createLookupLists(deps);
  // Behaviors that change at run time (generated hooks) are brought up to date before the
  // operation: its hooks then run inside the write transaction without touching the database.
  const refreshed =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await options.behaviors.refresh();
      return operation(...args);
    };
  const service = {
    scope: reader.scope,
    list: refreshed(reader.list),
    listIds: refreshed(reader.listIds),
    seeks: refreshed(reader.seeks),
    get: refreshed(reader.get),
    stored: refreshed(reader.stored),
    create: refreshed(writer.create),
    update: refreshed(writer.update),
    remove: refreshed(writer.remove),
    defaults: refreshed(drafts.defaults),
    duplicate: refreshed(drafts.duplicate),
    /** The pipeline row by row in one transaction, for imports (records-import.ts). */
    importer: createRecordsImporter(deps),
    filterLists: lookups.filterLists,
    asyncLists: lookups.asyncLists,
    /** Whether the list of a form sorts and filters by each of its fields (app/forms). */
    columnAbilities: (form: Pick<FormTemplate, 'dataModel' | 'fields'>) =>
      columnAbilities(
        options,
        form.dataModel,
        form.fields.map((field) => field.name),
      ),
  };
  return {
    ...service,
    /**
     * Runs `work` in one transaction with the whole pipeline bound to it (reads included, so a
     * record created earlier in it is found): the offline sync's batch. A write inside joins the
     * transaction; post-commit work (afterDeleteCommitted) runs once it has committed.
     */
    inTransaction: async <T>(work: (records: typeof service, trx: DynamicTrx) => Promise<T>): Promise<T> => {
      await options.behaviors.refresh();
      const deferred: ((db: DynamicDb) => Promise<void>)[] = [];
      const result = await db.transaction().execute((trx) => {
        const bound = createRecordsService({
          ...options,
          db: trx as unknown as Db,
          afterCommit: (task) => deferred.push(task),
        });
        return work(bound, trx);
      });
      for (const task of deferred) await task(db);
      return result;
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
