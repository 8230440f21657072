import type { BehaviorContext, BehaviorDefinition, PresentContext } from '../../../engine/behaviors/behavior-registry';
import {
  checkColumnParameters,
  engineOf,
  isBlank,
  sameValue,
  textParameter,
} from '../../../engine/behaviors/builtin/behavior-helpers';
import { COREBOX_MODEL, coreboxHoleColumn, holeIdOf } from './hole-link';

const columnsOf = (parameters: Record<string, unknown>) => ({
  name: textParameter(parameters, 'coreboxNameColumn'),
  id: textParameter(parameters, 'coreboxIdColumn'),
});

/** The id of the hole's box with that name, the box created first when the hole has none yet. */
async function resolveBox(context: BehaviorContext, name: string): Promise<number | null> {
  const engine = engineOf(context);
  const holeColumn = await coreboxHoleColumn(engine);
  const holeId = await holeIdOf(engine, context.model, context.record);
  if (!holeColumn || isBlank(holeId)) return null;
  const where = { [holeColumn]: holeId, corebox: name };
  // Find-or-create: two splits naming the same new box in parallel must end up in one box.
  await engine.lockGroup(COREBOX_MODEL, where);
  const box = (await engine.findRecords(COREBOX_MODEL, where, { plain: true, limit: 1 })).at(0);
  // Through CurationCorebox's own behaviors: the new box gets its corebox_combined_id.
  return box ? Number(box.id) : engine.insertRecord(COREBOX_MODEL, where);
}

/**
 * Before save, when the box name was entered or changed: the box id follows it (found by hole and
 * name, or created); an emptied name empties the id. A write that names no box keeps its id.
 */
async function updateBoxId(context: BehaviorContext): Promise<void> {
  const { record, previous, parameters } = context;
  const columns = columnsOf(parameters);
  if (!Object.hasOwn(record, columns.name)) return;
  const name = record[columns.name];
  if (previous ? sameValue(name, previous[columns.name]) : isBlank(name)) return;
  record[columns.id] = isBlank(name) ? null : await resolveBox(context, String(name));
}

/**
 * On read, the name shown is the box's current name (a box renamed in the corebox form shows its
 * new name on every split in it); one query per page.
 */
async function presentBoxNames(context: PresentContext): Promise<void> {
  const columns = columnsOf(context.parameters);
  const ids = [...new Set(context.records.map((r) => r[columns.id]).filter((id) => !isBlank(id)))];
  if (ids.length === 0) return;
  const boxes = await engineOf(context).findRecords(COREBOX_MODEL, { id: ids }, { plain: true });
  const names = new Map(boxes.map((box) => [Number(box.id), box.corebox]));
  for (const record of context.records) {
    if (isBlank(record[columns.id])) continue;
    const name = names.get(Number(record[columns.id]));
    record[columns.name] = name ?? '';
    // A box deleted behind the split's back: no dangling id shown.
    if (name === undefined) record[columns.id] = null;
  }
}

/** CreateUpdateCorebox (reference §7): resolve or create the CurationCorebox by hole + name; name from id on read. */
export const createUpdateCorebox: BehaviorDefinition = {
  parameters: [
    { name: 'coreboxNameColumn', kind: 'column', hint: 'The column that contains the name of the core box' },
    {
      name: 'coreboxIdColumn',
      kind: 'column',
      hint: 'The column that holds the id of the generated or assigned core box',
    },
  ],
  validate: (parameters, model) => checkColumnParameters(parameters, model, ['coreboxNameColumn', 'coreboxIdColumn']),
  hooks: { beforeCreate: updateBoxId, beforeUpdate: updateBoxId, present: presentBoxNames },
};
