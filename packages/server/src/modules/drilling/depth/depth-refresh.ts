import type {
  BehaviorContext,
  CreateManyContext,
  UpdateManyContext,
} from '../../../engine/behaviors/behavior-registry';
import { engineOf, sameValue } from '../../../engine/behaviors/builtin/behavior-helpers';
import { DRILLING_TABLES, idOf } from './depth-sql';

// The stored inputs of a section's depths (section-depths.ts) by table: a change to one of them
// moves the depths of everything below, which the maintained depth columns follow.
const DEPTH_INPUTS: Readonly<Record<string, readonly string[]>> = {
  [DRILLING_TABLES.core]: ['drillers_top_depth'],
  [DRILLING_TABLES.section]: ['section', 'section_length', 'curated_length', 'mcd_offset', 'core_id'],
  [DRILLING_TABLES.split]: ['section_id'],
};

/**
 * A section's top is its core's top plus the lengths of the lower-numbered sections: creating,
 * deleting, renumbering or resizing one moves every section of its core, so the refresh starts at
 * the core (the old and the new one when it moved). A core or split moves only what is below it.
 */
async function refreshBelow(context: BehaviorContext): Promise<void> {
  const { model, record, previous } = context;
  const engine = engineOf(context);
  if (model.table === DRILLING_TABLES.section) {
    const link = await engine.parentOf(model);
    if (!link) return;
    const cores = new Set([idOf(previous?.[link.parentColumn]), idOf(record[link.parentColumn])]);
    const ids = [...cores].filter((id): id is number => id !== undefined);
    await engine.refreshMaintainedBelow(link.parent.fullName, ids, 'behavior');
    return;
  }
  const id = idOf(record.id);
  if (id !== undefined) await engine.refreshMaintainedBelow(model.fullName, [id], 'behavior');
}

/** refreshBelow for a batch of created sections: the cores they belong to, in one refresh. */
async function refreshBelowCreated(context: CreateManyContext): Promise<void> {
  const { model, records, engine } = context;
  if (model.table !== DRILLING_TABLES.section) return;
  const link = await engine.parentOf(model);
  if (!link) return;
  const cores = new Set(records.map((record) => idOf(record[link.parentColumn])));
  const ids = [...cores].filter((id): id is number => id !== undefined);
  await engine.refreshMaintainedBelow(link.parent.fullName, ids);
}

function changedInputs(context: Pick<BehaviorContext, 'model' | 'record' | 'previous'>): boolean {
  const inputs = DEPTH_INPUTS[context.model.table] ?? [];
  return inputs.some((name) => !sameValue(context.previous?.[name], context.record[name]));
}

/**
 * refreshBelow for a batch of updates: what is below the records whose depth inputs changed (for
 * sections: their old and new cores), in one refresh after all of them are written.
 */
async function refreshBelowUpdated(context: UpdateManyContext): Promise<void> {
  const { model, records, previous, engine } = context;
  const changed = records.flatMap((record, index) => {
    const before = previous[index];
    return changedInputs({ model, record, previous: before }) ? [{ record, before }] : [];
  });
  if (changed.length === 0) return;
  if (model.table !== DRILLING_TABLES.section) {
    const ids = changed.map(({ record }) => idOf(record.id)).filter((id): id is number => id !== undefined);
    if (ids.length > 0) await engine.refreshMaintainedBelow(model.fullName, ids, 'behavior');
    return;
  }
  const link = await engine.parentOf(model);
  if (!link) return;
  const cores = new Set(
    changed.flatMap(({ record, before }) => [idOf(before[link.parentColumn]), idOf(record[link.parentColumn])]),
  );
  const ids = [...cores].filter((id): id is number => id !== undefined);
  await engine.refreshMaintainedBelow(link.parent.fullName, ids, 'behavior');
}

/**
 * The depth model's write hooks: after a write that moves depths of records below (a core's top,
 * a section's length, number, offset or core, a split's section), their maintained depth columns
 * are rewritten in the same transaction. A sample's own write is the engine's (it refreshes the
 * written record's maintained columns itself).
 */
export const depthRefreshHooks = {
  afterCreate: async (context: BehaviorContext) => {
    if (context.model.table === DRILLING_TABLES.section) await refreshBelow(context);
  },
  createMany: { after: refreshBelowCreated },
  afterUpdate: async (context: BehaviorContext) => {
    if (changedInputs(context)) await refreshBelow(context);
  },
  updateMany: { after: refreshBelowUpdated },
  afterDelete: async (context: BehaviorContext) => {
    if (context.model.table === DRILLING_TABLES.section) await refreshBelow(context);
  },
};
