import {
  type BehaviorEngine,
  type BehaviorRegistry,
  type RecordValues,
  runBehaviorHook,
} from '../../behaviors/behavior-registry';
import type { DynamicTrx } from '../dynamic-db';
import type { RecordModel } from '../record-model';

/**
 * Step 7: the model's behaviors after the write, still inside the transaction (an IGSN that
 * cannot be issued must undo the insert); `record` carries the new id. Then the record's
 * maintained columns (engine/records/maintained-columns.ts) from what is now stored.
 */
export async function runAfterBehaviors(
  registry: BehaviorRegistry,
  kind: 'create' | 'update',
  trx: DynamicTrx,
  model: RecordModel,
  record: RecordValues,
  previous?: RecordValues,
  engine?: BehaviorEngine,
): Promise<void> {
  await runBehaviorHook(registry, kind === 'create' ? 'afterCreate' : 'afterUpdate', {
    trx,
    model: model.template,
    record,
    ...(previous ? { previous } : {}),
    ...(engine ? { engine } : {}),
  });
  // After the hooks, which may still change the row (a combined id named by the new id).
  const id = Number(record.id);
  if (engine && Number.isInteger(id)) await engine.refreshMaintained(model, [id]);
}
