import {
  type BehaviorEngine,
  type BehaviorRegistry,
  type RecordValues,
  runBehaviorHook,
} from '../../behaviors/behavior-registry';
import type { DynamicTrx } from '../dynamic-db';
import type { RecordModel } from '../record-model';

export type WriteKind = 'create' | 'update' | 'delete';

const HOOKS = { create: 'beforeCreate', update: 'beforeUpdate', delete: 'beforeDelete' } as const;

/** Step 4: the model's behaviors before the write, inside the transaction; they may change `record`. */
export async function runBeforeBehaviors(
  registry: BehaviorRegistry,
  kind: WriteKind,
  trx: DynamicTrx,
  model: RecordModel,
  record: RecordValues,
  previous?: RecordValues,
  engine?: BehaviorEngine,
): Promise<void> {
  await runBehaviorHook(registry, HOOKS[kind], {
    trx,
    model: model.template,
    record,
    ...(previous ? { previous } : {}),
    ...(engine ? { engine } : {}),
  });
}
