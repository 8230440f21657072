import {
  acceptsFormValidator,
  allowedInputTypes,
  type ColumnTemplate,
  type FormField,
  type FormInput,
  type ModelTemplate,
} from '@mdis/shared';

export interface FormSeed {
  availableFieldTemplates: Record<string, FormField>;
  initialTemplate: { name: string; dataModel: string; fields: FormField[] };
}

function relatedModelName(column: ColumnTemplate, models: readonly ModelTemplate[]): string | null {
  return models.find((m) => m.table === column.relatedTable)?.fullName ?? null;
}

/** The default input of a column: the first input type its column type allows, a select for lists and relations. */
function inputOf(column: ColumnTemplate, models: readonly ModelTemplate[]): FormInput {
  const input: FormInput = {
    type: allowedInputTypes(column.type)[0],
    disabled: false,
    calculate: column.calculate ?? '',
  };
  if (column.type === 'many_to_many' || column.type === 'one_to_many') {
    const type = column.type === 'many_to_many' ? 'many_relation' : 'one_relation';
    input.selectSource = { type, model: relatedModelName(column, models), textField: column.displayColumn ?? null };
    input.multiple = column.type === 'many_to_many';
  } else if (column.selectListName) {
    input.type = 'select';
    input.selectSource = { type: 'list', listName: column.selectListName, textField: 'remark', valueField: 'display' };
    input.multiple = column.type === 'string_multiple';
  }
  return input;
}

function validatorsOf(column: ColumnTemplate): FormField['validators'] {
  const validators: FormField['validators'] = column.required ? [{ type: 'required' }] : [];
  if (acceptsFormValidator(column.type, 'number')) validators.push({ type: 'number' });
  if (column.type === 'string') validators.push({ type: 'string' });
  return validators;
}

/**
 * `get-form-template-seed` (reference §3): every column but id and the parent column becomes an
 * available field in group `-group1`; the required ones are placed in the initial template.
 */
export function formTemplateSeed(model: ModelTemplate, models: readonly ModelTemplate[]): FormSeed {
  const parentColumns = new Set(
    Object.values(model.relations)
      .filter((r) => r.relationType === 'parent')
      .flatMap((r) => r.localColumns ?? []),
  );
  const available: Record<string, FormField> = {};
  const initial: FormField[] = [];
  let order = 0;
  for (const column of Object.values(model.columns)) {
    if (column.name === 'id' || parentColumns.has(column.name)) continue;
    order += 1;
    const field: FormField = {
      name: column.name,
      label: column.label ?? column.name,
      description: column.description ?? '',
      validators: validatorsOf(column),
      formInput: inputOf(column, models),
      group: '-group1',
      order,
    };
    available[column.name] = field;
    if (column.required) initial.push(field);
  }
  return {
    availableFieldTemplates: available,
    initialTemplate: { name: '', dataModel: model.fullName, fields: initial },
  };
}
