import type { BehaviorTemplate, ModelTemplate } from '@mdis/shared';
import type { Kysely, Transaction } from 'kysely';

/** A record as the pipeline handles it: column name → value (already converted for storage). */
export type RecordValues = Record<string, unknown>;

/**
 * What a behavior hook receives. Hooks run inside the write transaction: whatever they read or
 * write through `trx` commits or rolls back with the record.
 */
export interface BehaviorContext {
  trx: Transaction<Record<string, Record<string, unknown>>> | Kysely<Record<string, Record<string, unknown>>>;
  model: ModelTemplate;
  /** The behavior's `parameters` from the model template. */
  parameters: Record<string, unknown>;
  /** The record being written; before-hooks may change it in place. */
  record: RecordValues;
  /** The stored record before an update or delete. */
  previous?: RecordValues;
}

/**
 * A server-side behavior (reference §7): domain rules such as depth calculations, combined ids
 * or IGSNs plug into the generic pipeline through these hooks, never by editing the engine.
 * Every hook is optional; throwing an AppError aborts the write (and rolls it back).
 * @example
 * registerBehavior('CombinedIdBehavior', {
 *   beforeCreate: async ({ trx, record }) => { record.combined_id = await computeId(trx, record); },
 * });
 */
export interface BehaviorHooks {
  beforeCreate?: (context: BehaviorContext) => Promise<void> | void;
  beforeUpdate?: (context: BehaviorContext) => Promise<void> | void;
  afterCreate?: (context: BehaviorContext) => Promise<void> | void;
  afterUpdate?: (context: BehaviorContext) => Promise<void> | void;
  beforeDelete?: (context: BehaviorContext) => Promise<void> | void;
}

export type BehaviorHookName = keyof BehaviorHooks;

export interface BehaviorRegistry {
  /** Registers hooks under a name; a second registration under the same name is a programming error. */
  register(name: string, hooks: BehaviorHooks): void;
  get(name: string): BehaviorHooks | undefined;
  /** The registered hooks of a model's behaviors, in template order, with their parameters. */
  resolve(model: ModelTemplate): { hooks: BehaviorHooks; parameters: Record<string, unknown> }[];
}

/**
 * A template names a behavior by its PHP class (`app\\behaviors\\template\\XBehavior`); the
 * registry knows it by the last segment (`XBehavior`).
 */
export function behaviorName(template: BehaviorTemplate): string {
  const segments = template.behaviorClass.split('\\');
  return segments[segments.length - 1] ?? template.behaviorClass;
}

export function createBehaviorRegistry(): BehaviorRegistry {
  const byName = new Map<string, BehaviorHooks>();
  return {
    register: (name, hooks) => {
      if (byName.has(name)) throw new Error(`Behavior ${name} is already registered`);
      byName.set(name, hooks);
    },
    get: (name) => byName.get(name),
    resolve: (model) => {
      // Behaviors a template names but nobody registered (yet) are skipped: the drilling domain
      // registers its behaviors in a later issue, and templates already name them.
      return model.behaviors.flatMap((behavior) => {
        const hooks = byName.get(behaviorName(behavior));
        return hooks ? [{ hooks, parameters: behavior.parameters ?? {} }] : [];
      });
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
