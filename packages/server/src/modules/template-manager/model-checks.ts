import { validateModelTemplate, validationError, type FieldError, type ModelTemplate } from '@mdis/shared';
import { behaviorName, type BehaviorRegistry } from '../../engine/behaviors/behavior-registry';
import { withRelationColumns } from './model-relations';
import { shapeModel } from './model-shape';

function relationTargetErrors(model: ModelTemplate, models: readonly ModelTemplate[]): FieldError[] {
  const tables = new Set([model.table, ...models.map((m) => m.table)]);
  return Object.entries(model.relations).flatMap(([key, relation]) => {
    const related = relation.relationType === 'nm' ? relation.relatedTable : relation.foreignTable;
    if (!related || tables.has(related)) return [];
    return [{ field: `relations.${key}`, message: `The related model of table ${related} does not exist.` }];
  });
}

/** Column names reach SQL (quoted, from the stored template): plain identifiers only. */
function columnNameErrors(model: ModelTemplate): FieldError[] {
  return Object.entries(model.columns).flatMap(([key, column]) =>
    column.name.trim() === '' || /^[A-Za-z_][A-Za-z0-9_]*$/.test(column.name)
      ? []
      : [{ field: `columns.${key}`, message: `Column name ${column.name} is invalid.` }],
  );
}

/** Parameters checked by the behavior's own validate(), with the registry's messages. */
function behaviorErrors(registry: BehaviorRegistry, model: ModelTemplate): FieldError[] {
  return model.behaviors.flatMap((behavior, i) => {
    const definition = registry.get(behaviorName(behavior));
    const messages = definition?.validate?.(behavior.parameters ?? {}, model) ?? [];
    return messages.map((message) => ({ field: `behaviors.${String(i)}`, message }));
  });
}

/**
 * The model as it will be stored: shaped (id column, parent link, relation columns and names)
 * and checked against the other models and the behavior registry. A 422 lists every problem.
 */
export function checkedModel(
  input: ModelTemplate,
  models: readonly ModelTemplate[],
  registry: BehaviorRegistry,
  previous?: ModelTemplate,
): ModelTemplate {
  const errors: FieldError[] = [];
  const parentName = input.parentModel || null;
  const parent = parentName === input.fullName ? input : models.find((m) => m.fullName === parentName);
  if (parentName && !parent)
    errors.push({ field: 'parentModel', message: `The parent model ${parentName} does not exist.` });
  const model = withRelationColumns(shapeModel(input, parent), models);
  errors.push(...validateModelTemplate(model, previous), ...columnNameErrors(model));
  errors.push(...relationTargetErrors(model, models));
  errors.push(...behaviorErrors(registry, model));
  if (errors.length > 0) throw validationError(errors);
  return model;
}

/**
 * Other models that point at this one: its children and 1n relations to its table. (m:n links
 * are not listed: a delete can remove them with the model, see model-delete.)
 */
export function referencesTo(model: ModelTemplate, models: readonly ModelTemplate[]): string[] {
  return models
    .filter((m) => m.fullName !== model.fullName)
    .filter(
      (m) =>
        m.parentModel === model.fullName ||
        Object.values(m.relations).some((r) => r.relationType !== 'nm' && r.foreignTable === model.table),
    )
    .map((m) => m.fullName);
}
