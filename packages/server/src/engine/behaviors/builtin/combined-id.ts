import {
  COMBINED_ID,
  type CombinedIdNaming,
  type CombinedIdNamingLookup,
  type ModelTemplate,
  combinedIdNamingFromParameters,
  combinedIdNamingResolver,
  combinedIdOf as sharedCombinedIdOf,
  joinCombinedId,
  nameText,
  parentCombinedIdPart,
  takesPartInCombinedId,
} from '@mdis/shared';
import { sql } from 'kysely';
import type { BehaviorContext, BehaviorDefinition, CreateManyContext, UpdateManyContext } from '../behavior-registry';
import { engineOf, isBlank, sameValue, textParameter } from './behavior-helpers';
import { recomputeDescendants } from './combined-id-descendants';

export type { CombinedIdNaming, CombinedIdNamingLookup } from '@mdis/shared';
export { COMBINED_ID_BEHAVIOR } from '@mdis/shared';

/**
 * parent combined_id + '_' + own name (reference §2.5, the shared rule); null while a part is
 * missing. The parent is read only when the record has a name.
 */
async function combinedIdOf(
  context: BehaviorContext,
  namingOf: (model: ModelTemplate) => CombinedIdNaming | undefined,
): Promise<string | null> {
  const naming = combinedIdNamingFromParameters(context.parameters);
  if (!naming || nameText(context.record[naming.nameColumn], naming.padding) === undefined) return null;
  const engine = engineOf(context);
  const link = await engine.parentOf(context.model);
  if (!link) return sharedCombinedIdOf(naming, context.record, undefined);
  const parentNaming = namingOf(link.parent);
  const parentId = context.record[link.parentColumn];
  const parent =
    takesPartInCombinedId(link.parent, parentNaming) && !isBlank(parentId)
      ? (await engine.findRecords(link.parent.fullName, { id: parentId }, { plain: true, limit: 1 })).at(0)
      : undefined;
  return sharedCombinedIdOf(naming, context.record, { model: link.parent, naming: parentNaming, record: parent });
}

/**
 * The combined ids of a batch of creates (their ids given): the parents' parts in one query, the
 * rest in memory; the same values as combinedIdOf record by record.
 */
async function combinedIdsOf(
  context: CreateManyContext,
  namingOf: (model: ModelTemplate) => CombinedIdNaming | undefined,
): Promise<void> {
  const { engine, model, records } = context;
  const naming = combinedIdNamingFromParameters(context.parameters);
  const link = await engine.parentOf(model);
  const parentNaming = link && namingOf(link.parent);
  const takesPart = link !== undefined && takesPartInCombinedId(link.parent, parentNaming);
  const prefixes = new Map<string, string | null>();
  if (link && takesPart) {
    const ids = [...new Set(records.map((r) => r[link.parentColumn]).filter((id) => !isBlank(id)))];
    // A batch of creates has its parents read already (the engine's parent check); updates read them here.
    const read = context.parents;
    const parents = read
      ? ids.map((id) => read.get(String(id))).filter((parent) => parent !== undefined)
      : ids.length > 0
        ? await engine.findRecords(link.parent.fullName, { id: ids }, { plain: true })
        : [];
    for (const parent of parents)
      prefixes.set(String(parent.id), parentCombinedIdPart(parent, link.parent, parentNaming) ?? null);
  }
  for (const record of records) {
    const name = naming && nameText(record[naming.nameColumn], naming.padding);
    const parentId = link && takesPart ? record[link.parentColumn] : undefined;
    const prefix =
      link && takesPart ? (isBlank(parentId) ? null : (prefixes.get(String(parentId)) ?? null)) : undefined;
    record[COMBINED_ID] = joinCombinedId(name, prefix);
  }
}

/**
 * After a batch of updates: the descendants of every record whose combined id changed rebuilt at
 * once (one set-based UPDATE per child table for the whole batch, as afterUpdate per record).
 */
async function afterUpdates(
  context: UpdateManyContext,
  namingOf: (model: ModelTemplate) => CombinedIdNaming | undefined,
): Promise<void> {
  const { trx, model, records, previous, engine } = context;
  const changed = records.filter((record, index) => !sameValue(previous[index]?.[COMBINED_ID], record[COMBINED_ID]));
  if (changed.length === 0) return;
  const ids = changed.map((record) => Number(record.id));
  await recomputeDescendants(trx, engine, namingOf, model, sql.join(ids));
  await engine.refreshMaintainedBelow(model.fullName, ids, 'expression');
}

/**
 * CombinedId (reference §2.5, automatic): combined_id recomputed before every insert and update;
 * a model named by its id gets it right after the insert. When a record's combined id changes, all
 * its descendants are rebuilt in the same transaction.
 */
export function combinedIdBehavior(lookup: CombinedIdNamingLookup = () => undefined): BehaviorDefinition {
  const namingOf = combinedIdNamingResolver(lookup);
  const namedById = (context: BehaviorContext) => textParameter(context.parameters, 'nameColumn') === 'id';

  const beforeSave = async (context: BehaviorContext) => {
    if (namedById(context) && context.record.id === undefined) return;
    context.record[COMBINED_ID] = await combinedIdOf(context, namingOf);
  };

  return {
    parameters: [
      { name: 'nameColumn', kind: 'column', hint: "the model's identifying column (NAME attribute), e.g. hole" },
      { name: 'padding', kind: 'number', hint: 'left-pad the name with zeros to this length (cores: 3)' },
    ],
    auto: (model) => {
      const naming = Object.hasOwn(model.columns, COMBINED_ID) ? namingOf(model) : undefined;
      return naming && { ...naming };
    },
    hooks: {
      beforeCreate: beforeSave,
      beforeUpdate: beforeSave,
      afterCreate: async (context) => {
        if (!namedById(context)) return;
        const { trx, model, record } = context;
        record[COMBINED_ID] = await combinedIdOf(context, namingOf);
        await sql`UPDATE ${sql.table(model.table)} SET ${sql.ref(COMBINED_ID)} = ${record[COMBINED_ID]} WHERE ${sql.ref(
          'id',
        )} = ${record.id}`.execute(trx);
      },
      // A batch of creates carries its ids already: every combined id before the insert, none after.
      createMany: { before: (context) => combinedIdsOf(context, namingOf) },
      // A batch of updates (an import's upserts): the parents read once, the descendants rebuilt once.
      updateMany: {
        before: (context) => combinedIdsOf(context, namingOf),
        after: (context) => afterUpdates(context, namingOf),
      },
      afterUpdate: async (context) => {
        const { trx, model, record, previous } = context;
        if (sameValue(previous?.[COMBINED_ID], record[COMBINED_ID])) return;
        const engine = engineOf(context);
        await recomputeDescendants(trx, engine, namingOf, model, sql`${record.id}`);
        // Then the stored pseudo expressions over combined ids below (a sample's sample_combined_id).
        await engine.refreshMaintainedBelow(model.fullName, sql`${record.id}`, 'expression');
      },
    },
  };
}
