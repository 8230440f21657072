import type { ModelTemplate } from '@mdis/shared';
import { sql } from 'kysely';
import {
  type BehaviorContext,
  type BehaviorDefinition,
  type BehaviorEngine,
  type CreateManyContext,
  behaviorName,
} from '../behavior-registry';
import { engineOf, isBlank, numberParameter, sameValue, textParameter } from './behavior-helpers';
import { COMBINED_ID, type CombinedIdNaming, nameText, recomputeDescendants } from './combined-id-descendants';

export type { CombinedIdNaming } from './combined-id-descendants';

/** Which models take part in combined ids and by which column: domain knowledge, given by a module. */
export type CombinedIdNamingLookup = (model: ModelTemplate) => CombinedIdNaming | undefined;

export const COMBINED_ID_BEHAVIOR = 'CombinedIdBehavior';

function namingFromParameters(parameters: Record<string, unknown>): CombinedIdNaming | undefined {
  const nameColumn = textParameter(parameters, 'nameColumn');
  const padding = numberParameter(parameters, 'padding');
  return nameColumn ? { nameColumn, ...(padding ? { padding } : {}) } : undefined;
}

/** A model's naming: the parameters it lists CombinedIdBehavior with, else the module's lookup. */
function namingResolver(lookup: CombinedIdNamingLookup) {
  return (model: ModelTemplate): CombinedIdNaming | undefined => {
    const listed = model.behaviors.find((b) => behaviorName(b) === COMBINED_ID_BEHAVIOR);
    const naming = listed ? namingFromParameters(listed.parameters ?? {}) : lookup(model);
    return naming && Object.hasOwn(model.columns, naming.nameColumn) ? naming : undefined;
  };
}

/**
 * The parent's part of the combined id: its combined_id, or (when the parent stores none, e.g. a bare
 * expedition table) its own name; undefined when the parent takes no part (the expedition's program).
 */
async function parentPrefix(
  engine: BehaviorEngine,
  namingOf: (model: ModelTemplate) => CombinedIdNaming | undefined,
  context: BehaviorContext,
): Promise<string | null | undefined> {
  const link = await engine.parentOf(context.model);
  if (!link) return undefined;
  const parentNaming = namingOf(link.parent);
  const hasKey = Object.hasOwn(link.parent.columns, COMBINED_ID);
  if (!hasKey && !parentNaming) return undefined;
  const parentId = context.record[link.parentColumn];
  if (isBlank(parentId)) return null;
  const parent = (await engine.findRecords(link.parent.fullName, { id: parentId }, { plain: true, limit: 1 })).at(0);
  if (!parent) return null;
  const prefix = hasKey
    ? nameText(parent[COMBINED_ID], undefined)
    : nameText(parent[parentNaming?.nameColumn ?? ''], parentNaming?.padding);
  return prefix ?? null;
}

/** parent combined_id + '_' + own name (reference §2.5); null while a part is missing. */
async function combinedIdOf(
  context: BehaviorContext,
  namingOf: (model: ModelTemplate) => CombinedIdNaming | undefined,
): Promise<string | null> {
  const naming = namingFromParameters(context.parameters);
  const name = naming && nameText(context.record[naming.nameColumn], naming.padding);
  if (!name) return null;
  const prefix = await parentPrefix(engineOf(context), namingOf, context);
  if (prefix === null) return null;
  return prefix === undefined ? name : `${prefix}_${name}`;
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
  const naming = namingFromParameters(context.parameters);
  const link = await engine.parentOf(model);
  const parentNaming = link && namingOf(link.parent);
  const hasKey = link !== undefined && Object.hasOwn(link.parent.columns, COMBINED_ID);
  const takesPart = link !== undefined && (hasKey || parentNaming !== undefined);
  const prefixes = new Map<string, string | null>();
  if (link && takesPart) {
    const ids = [...new Set(records.map((r) => r[link.parentColumn]).filter((id) => !isBlank(id)))];
    const parents = ids.length > 0 ? await engine.findRecords(link.parent.fullName, { id: ids }, { plain: true }) : [];
    for (const parent of parents) {
      const prefix = hasKey
        ? nameText(parent[COMBINED_ID], undefined)
        : nameText(parent[parentNaming?.nameColumn ?? ''], parentNaming?.padding);
      prefixes.set(String(parent.id), prefix ?? null);
    }
  }
  for (const record of records) {
    const name = naming && nameText(record[naming.nameColumn], naming.padding);
    let value: string | null = null;
    if (name && link && takesPart) {
      const parentId = record[link.parentColumn];
      const prefix = isBlank(parentId) ? null : (prefixes.get(String(parentId)) ?? null);
      value = prefix === null ? null : `${prefix}_${name}`;
    } else if (name) value = name;
    record[COMBINED_ID] = value;
  }
}

/**
 * CombinedId (reference §2.5, automatic): combined_id recomputed before every insert and update;
 * a model named by its id gets it right after the insert. When a record's combined id changes, all
 * its descendants are rebuilt in the same transaction.
 */
export function combinedIdBehavior(lookup: CombinedIdNamingLookup = () => undefined): BehaviorDefinition {
  const namingOf = namingResolver(lookup);
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
