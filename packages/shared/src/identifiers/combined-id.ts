import { textOf } from '../field-types/field-type';
import { numberParameter, textParameter } from '../templates/behavior-parameters';
import type { BehaviorTemplate, ModelTemplate } from '../templates/model-template';

/**
 * Combined ids (reference §2.5: 5065 → 5065_1 → 5065_1_A → 5065_1_A_001 → ...): the rule the
 * server's CombinedIdBehavior writes and the browser shows provisionally for a record made offline.
 * One place, so both give the same text for the same records.
 */

/** How a model names itself in combined ids: its NAME column (reference §2.3), padded for cores. */
export interface CombinedIdNaming {
  nameColumn: string;
  /** Left-pad the name with zeros to this many characters (cores: 3 → 5065_1_A_001). */
  padding?: number;
  /**
   * Other columns built like combined_id with another separator (a core box's corebox_combined_id is
   * hole + '_CB' + corebox): rebuilt together with it when an ancestor is renamed.
   */
  derived?: readonly { column: string; separator: string }[];
}

/** Which models take part in combined ids and by which column: domain knowledge, given by a module. */
export type CombinedIdNamingLookup = (model: ModelTemplate) => CombinedIdNaming | undefined;

export const COMBINED_ID = 'combined_id';
export const COMBINED_ID_BEHAVIOR = 'CombinedIdBehavior';

/**
 * A template names a behavior by its PHP class (`app\\behaviors\\template\\XBehavior`); the
 * registry knows it by the last segment (`XBehavior`).
 */
export function behaviorName(template: Pick<BehaviorTemplate, 'behaviorClass'>): string {
  return template.behaviorClass.split('\\').at(-1) ?? template.behaviorClass;
}

/** The name as it appears in a combined id; undefined when the record has none (yet). */
export function nameText(value: unknown, padding: number | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = textOf(value).trim();
  if (text === '') return undefined;
  return padding ? text.padStart(padding, '0') : text;
}

/** The naming a template lists CombinedIdBehavior with (`nameColumn`, `padding`). */
export function combinedIdNamingFromParameters(parameters: Record<string, unknown>): CombinedIdNaming | undefined {
  const nameColumn = textParameter(parameters, 'nameColumn');
  const padding = numberParameter(parameters, 'padding');
  return nameColumn ? { nameColumn, ...(padding ? { padding } : {}) } : undefined;
}

/** A model's naming: the parameters it lists CombinedIdBehavior with, else the module's lookup. */
export function combinedIdNamingResolver(lookup: CombinedIdNamingLookup): CombinedIdNamingLookup {
  return (model) => {
    const listed = model.behaviors.find((b) => behaviorName(b) === COMBINED_ID_BEHAVIOR);
    const naming = listed ? combinedIdNamingFromParameters(listed.parameters ?? {}) : lookup(model);
    return naming && Object.hasOwn(model.columns, naming.nameColumn) ? naming : undefined;
  };
}

/**
 * The parent's part of a child's combined id: its combined_id when its model stores one, else its
 * own name (a bare expedition table); undefined when the parent has none (yet).
 */
export function parentCombinedIdPart(
  parent: Readonly<Record<string, unknown>>,
  parentModel: ModelTemplate,
  parentNaming: CombinedIdNaming | undefined,
): string | undefined {
  return Object.hasOwn(parentModel.columns, COMBINED_ID)
    ? nameText(parent[COMBINED_ID], undefined)
    : nameText(parent[parentNaming?.nameColumn ?? ''], parentNaming?.padding);
}

/** Whether a parent model takes part in its children's combined ids (the expedition's program does not). */
export function takesPartInCombinedId(parentModel: ModelTemplate, parentNaming: CombinedIdNaming | undefined): boolean {
  return Object.hasOwn(parentModel.columns, COMBINED_ID) || parentNaming !== undefined;
}

/**
 * parent's part + '_' + own name; null while a part is missing. `prefix`: undefined when the model
 * has no parent taking part (the name alone), null when that parent or its part is missing.
 */
export function joinCombinedId(name: string | undefined, prefix: string | null | undefined): string | null {
  if (name === undefined || prefix === null) return null;
  return prefix === undefined ? name : `${prefix}_${name}`;
}

/** A record's parent as its combined id needs it. */
export interface CombinedIdParent {
  model: ModelTemplate;
  naming: CombinedIdNaming | undefined;
  /** The parent record; undefined when the record names none or it does not exist. */
  record: Readonly<Record<string, unknown>> | undefined;
}

/**
 * A record's combined id from its own name and its parent's part (`parent` undefined: the model has
 * no parent); null while a part is missing.
 */
export function combinedIdOf(
  naming: CombinedIdNaming,
  record: Readonly<Record<string, unknown>>,
  parent: CombinedIdParent | undefined,
): string | null {
  const name = nameText(record[naming.nameColumn], naming.padding);
  if (!parent || !takesPartInCombinedId(parent.model, parent.naming)) return joinCombinedId(name, undefined);
  const prefix = parent.record ? (parentCombinedIdPart(parent.record, parent.model, parent.naming) ?? null) : null;
  return joinCombinedId(name, prefix);
}
