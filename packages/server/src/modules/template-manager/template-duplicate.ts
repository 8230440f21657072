import {
  isValidModelName,
  MODEL_MESSAGES,
  toSnakeCase,
  validationError,
  type FormTemplate,
  type ModelTemplate,
} from '@mdis/shared';
import type { TemplateStore } from '../../engine/templates/template-store';
import type { FormWrites } from './form-writes';
import type { ModelWrites } from './model-writes';

export type TemplateType = 'model' | 'form';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Relation keys and names with the old table replaced where it stands as a whole `_`-separated part. */
function renamedRelations(relations: ModelTemplate['relations'], from: string, to: string): ModelTemplate['relations'] {
  const pattern = new RegExp(`(^|_)${escapeRegExp(from)}(_|$)`, 'g');
  return Object.fromEntries(
    Object.values(relations).map((relation) => {
      const name = relation.name.replace(pattern, `$1${to}$2`);
      return [name, { ...relation, name }];
    }),
  );
}

/**
 * The copy's relations and columns without the m:n links: a copied link would write its reverse
 * into the partner model, which would then block the copy's delete; the user adds links anew.
 */
function withoutManyToMany(model: ModelTemplate): Pick<ModelTemplate, 'relations' | 'columns'> {
  return {
    relations: Object.fromEntries(Object.entries(model.relations).filter(([, r]) => r.relationType !== 'nm')),
    columns: Object.fromEntries(Object.entries(model.columns).filter(([, c]) => c.type !== 'many_to_many')),
  };
}

/**
 * `duplicate?type&oldName&newName` as the original does it: a model copy keeps the module, takes
 * its name from the new full name, its table from the new name in snake_case, and renames the
 * relation keys (m:n links are not copied); a form copy takes the new name and keeps everything else.
 */
export function createDuplicator(templates: TemplateStore, models: ModelWrites, forms: FormWrites) {
  async function duplicateModel(oldName: string, newName: string): Promise<ModelTemplate> {
    const source = await templates.requireModel(oldName);
    // A taken name is named as such whatever its module (spec 3 §5), before the name's own form is judged.
    if ((await templates.listModels()).some((m) => m.fullName === newName))
      throw validationError([{ field: 'name', message: MODEL_MESSAGES.modelExists(newName) }]);
    const short = newName.startsWith(source.module) ? newName.slice(source.module.length) : '';
    if (!isValidModelName(short)) throw validationError([{ field: 'newName', message: MODEL_MESSAGES.invalidName }]);
    const table = toSnakeCase(newName);
    const linkless = withoutManyToMany(source);
    const copy = {
      ...source,
      ...linkless,
      name: short,
      table,
      fullName: newName,
      relations: renamedRelations(linkless.relations, source.table, table),
    };
    return models.create({ template: copy });
  }

  async function duplicateForm(oldName: string, newName: string): Promise<FormTemplate> {
    const source = await templates.requireForm(oldName);
    return forms.create({ template: { ...source, name: newName } });
  }

  return (type: TemplateType, oldName: string, newName: string): Promise<ModelTemplate | FormTemplate> =>
    type === 'model' ? duplicateModel(oldName, newName) : duplicateForm(oldName, newName);
}
