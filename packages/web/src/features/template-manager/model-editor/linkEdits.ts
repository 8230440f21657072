import {
  manyToManyColumnName,
  MODEL_MESSAGES,
  oneToManyColumnName,
  parentLink,
  type ColumnTemplate,
  type ModelTemplate,
  type RelationTemplate,
} from '@mdis/shared';
import { entryOf, fromEntries, relationName, type EditorState, type ModelRef } from './editorModel';

const state = (template: ModelTemplate): EditorState => ({ template, notice: null });

function withoutColumns(template: ModelTemplate, gone: readonly string[]): ModelTemplate {
  return {
    ...template,
    columns: fromEntries(Object.entries(template.columns).filter(([name]) => !gone.includes(name))),
    indices: fromEntries(
      Object.entries(template.indices).filter(([, index]) => !index.columns.some((c) => gone.includes(c))),
    ),
  };
}

/**
 * A new parent replaces the old parent column, its index and the parent relation (spec 3 §4):
 * the column is `{parent name}_id` (parent_id for a self-parent), integer of size 11, locked.
 */
export function setParent(template: ModelTemplate, parent: ModelRef | null): EditorState {
  const stale = Object.entries(template.relations).filter(([, r]) => r.relationType === 'parent');
  const cleared = withoutColumns(
    template,
    stale.flatMap(([, r]) => r.localColumns ?? []),
  );
  const relations = fromEntries(Object.entries(cleared.relations).filter(([, r]) => r.relationType !== 'parent'));
  if (!parent) return state({ ...cleared, relations, parentModel: null });
  const link = parentLink(template, parent);
  return state({
    ...cleared,
    parentModel: parent.fullName,
    columns: { ...cleared.columns, [link.column.name]: link.column },
    indices: { ...cleared.indices, [link.index.name]: link.index },
    relations: { ...relations, [link.relation.name]: link.relation },
  });
}

export interface RelationDraft {
  relationType: '1n' | 'nm' | '';
  /** The related model's table. */
  relatedTable: string;
  displayColumn: string;
}

/**
 * The relation and the columns it brings, named as the server names them: `{table}_ids_nm` and
 * `{table}_{displaycol}_ids_1n` (spec 3 §5).
 */
function relationParts(
  draft: RelationDraft,
  related: ModelRef | undefined,
  table: string,
): { relation: RelationTemplate; columns: ColumnTemplate[] } {
  const { relatedTable, displayColumn } = draft;
  const label = related?.name ?? relatedTable;
  const display = displayColumn || null;
  if (draft.relationType === 'nm') {
    const column = manyToManyColumnName(relatedTable);
    return {
      relation: {
        name: relationName(table, relatedTable, column, 'nm'),
        relationType: 'nm',
        relatedTable,
        foreignTable: null,
        localColumns: [column],
        foreignColumns: null,
        displayColumns: display ? [display] : [],
      },
      columns: [{ name: column, type: 'many_to_many', relatedTable, displayColumn: display, label }],
    };
  }
  const fk = `${relatedTable}_id`;
  const columns: ColumnTemplate[] = [{ name: fk, type: 'integer', size: 11, label }];
  if (display)
    columns.push({
      name: oneToManyColumnName(relatedTable, display),
      type: 'one_to_many',
      relatedTable,
      displayColumn: display,
      label,
    });
  return {
    relation: {
      name: relationName(table, relatedTable, fk, '1n'),
      relationType: '1n',
      foreignTable: relatedTable,
      localColumns: [fk],
      foreignColumns: ['id'],
      displayColumns: display ? [display] : [],
    },
    columns,
  };
}

/** Adds a 1n or nm relation; both the type and the related model are needed. */
export function addRelation(template: ModelTemplate, draft: RelationDraft, models: readonly ModelRef[]): EditorState {
  if (!draft.relationType) return { template, notice: { target: 'relation', message: MODEL_MESSAGES.relationType } };
  if (!draft.relatedTable) return { template, notice: { target: 'relation', message: MODEL_MESSAGES.relationModel } };
  const related = models.find((m) => m.table === draft.relatedTable);
  const { relation, columns } = relationParts(draft, related, template.table);
  if (relation.name in template.relations) return state(template);
  const added = fromEntries(columns.map((c) => [c.name, c]));
  return state({
    ...template,
    columns: { ...template.columns, ...added },
    relations: { ...template.relations, [relation.name]: relation },
  });
}

/** Removes a relation and the columns it brought; the parent relation stays. */
export function removeRelation(template: ModelTemplate, key: string): EditorState {
  const relation = entryOf(template.relations, key);
  if (!relation) return state(template);
  if (relation.relationType === 'parent')
    return { template, notice: { target: 'relation', message: MODEL_MESSAGES.parentRelation } };
  const related = relation.relatedTable ?? relation.foreignTable;
  const brought = Object.values(template.columns)
    .filter((c) => c.type === 'one_to_many' && c.relatedTable === related && relation.relationType === '1n')
    .map((c) => c.name);
  const cleared = withoutColumns(template, [...(relation.localColumns ?? []), ...brought]);
  return state({ ...cleared, relations: fromEntries(Object.entries(template.relations).filter(([k]) => k !== key)) });
}
