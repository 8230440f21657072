import type { ColumnTemplate, IndexTemplate, ModelTemplate, RelationTemplate } from './model-template';
import { parentColumnName, parentRelationName } from './naming';

/** What a model needs to know of its parent model to link to it. */
export interface ParentModelRef {
  fullName: string;
  name: string;
  table: string;
}

export interface ParentLink {
  column: ColumnTemplate;
  index: IndexTemplate;
  relation: RelationTemplate;
}

/**
 * The parent column (`{parent name}_id`, `parent_id` for a self-parent; integer of size 11, required,
 * locked), its KEY index and the parent relation: the same for the model editor and the server.
 */
export function parentLink(model: { fullName: string; table: string }, parent: ParentModelRef): ParentLink {
  const name = parentColumnName(parent.fullName, model.fullName, parent.name);
  return {
    column: { name, type: 'integer', size: 11, required: true, label: parent.name, isLocked: true },
    index: { name, type: 'KEY', columns: [name] },
    relation: {
      name: parentRelationName(model.table, parent.table),
      relationType: 'parent',
      foreignTable: parent.table,
      localColumns: [name],
      foreignColumns: ['id'],
      isLocked: true,
    },
  };
}

/** The FK column of `child` pointing at `parent`: its parent relation, else the naming rule. */
export function parentColumnOf(
  child: Pick<ModelTemplate, 'fullName' | 'relations'>,
  parent: Pick<ModelTemplate, 'fullName' | 'name'>,
): string {
  const relation = Object.values(child.relations).find((r) => r.relationType === 'parent');
  const local = relation?.localColumns?.[0];
  return local ?? parentColumnName(parent.fullName, child.fullName, parent.name);
}
