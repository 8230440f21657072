import type { Dialect } from '../../infra/db/dialect';
import type { BehaviorRegistry } from '../behaviors/behavior-registry';
import type { BehaviorEngineFactory } from './behavior-engine';
import type { DynamicDb } from './dynamic-db';
import type { TemplateSource } from './record-model';
import type { RecordsRepository } from './records.repository';
import type { RelationLinks } from './relation-links';
import type { PseudoComputer } from './steps/present';

/** What the records engine needs from outside: templates, the table repository, behaviors. */
export interface RecordsDeps {
  dialect: Dialect;
  templates: TemplateSource;
  repository: RecordsRepository;
  behaviors: BehaviorRegistry;
  computePseudo: PseudoComputer;
  /** The connection outside any transaction (the `defaults` hooks read through it). */
  dynamicDb: DynamicDb;
  /** The engine behaviors call back into, bound to the executor of the hook (db or the write's transaction). */
  behaviorEngine: BehaviorEngineFactory;
  /** The join tables of many_to_many columns. */
  links: RelationLinks;
  /**
   * Inside a caller's transaction (an offline sync batch): where the work meant to run after the
   * commit waits until then (a deleted file's bytes). Unset: it runs at once, after the own commit.
   */
  afterCommit?: (task: (db: DynamicDb) => Promise<void>) => void;
  /** The cap of async-lists answers (the original's maxAllowedSetOfRecordsPerRequest). */
  asyncListLimit?: number;
}
