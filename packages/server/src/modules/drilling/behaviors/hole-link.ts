import type { ModelTemplate } from '@mdis/shared';
import type { BehaviorEngine, RecordValues } from '../../../engine/behaviors/behavior-registry';
import { isBlank } from '../../../engine/behaviors/builtin/behavior-helpers';

export const HOLE_MODEL = 'ProjectHole';
export const COREBOX_MODEL = 'CurationCorebox';

/** Parent links are a tree of a few levels; a longer walk means the templates loop. */
const MAX_LEVELS = 10;

/**
 * The id of the hole a record belongs to, read from its parent record (whose ancestor ids are
 * joined) in one query; undefined when the model has no ProjectHole above it or a parent is missing.
 */
export async function holeIdOf(engine: BehaviorEngine, model: ModelTemplate, record: RecordValues): Promise<unknown> {
  const first = await engine.parentOf(model);
  if (!first) return undefined;
  const parentId = record[first.parentColumn];
  if (isBlank(parentId)) return undefined;
  if (first.parent.fullName === HOLE_MODEL) return parentId;
  let link = first;
  for (let level = 0; link.parent.fullName !== HOLE_MODEL; level++) {
    const next = level < MAX_LEVELS ? await engine.parentOf(link.parent) : undefined;
    if (!next) return undefined;
    link = next;
  }
  const parent = (await engine.findRecords(first.parent.fullName, { id: parentId }, { plain: true, limit: 1 })).at(0);
  return parent?.[link.parentColumn];
}

/** The column of CurationCorebox that holds its hole's id (hole_id in the default model). */
export async function coreboxHoleColumn(engine: BehaviorEngine): Promise<string | undefined> {
  return (await engine.childModels(HOLE_MODEL)).find((link) => link.child.fullName === COREBOX_MODEL)?.parentColumn;
}
