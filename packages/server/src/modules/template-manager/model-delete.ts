import { AppError, PROTECTED_MODEL, type ModelTemplate } from '@mdis/shared';
import { dropJoinTable } from '../../engine/schema-sync';
import { referencesTo } from './model-checks';
import { manyToManyRelationsTo, withoutRelationsTo } from './model-relations';
import { formFollowingModel } from './forms-follow-model';
import type { ModelWritesDeps } from './model-writes';

/** A model linked to the one being deleted by m:n relations, and those relations' names. */
export interface ManyToManyLink {
  partner: ModelTemplate;
  relations: string[];
}

/**
 * The m:n links between the model and the others, whichever side holds the relation: its own
 * relations towards them (named from its side) and theirs towards it (the reverse links).
 */
export function manyToManyLinks(model: ModelTemplate, models: readonly ModelTemplate[]): ManyToManyLink[] {
  return models
    .filter((other) => other.fullName !== model.fullName)
    .map((partner) => {
      const own = manyToManyRelationsTo(model, partner.table).map(([, r]) => r.name);
      const theirs = manyToManyRelationsTo(partner, model.table).map(([, r]) => r.name);
      return { partner, relations: own.length > 0 ? own : theirs };
    })
    .filter((link) => link.relations.length > 0);
}

export function relationsMessage(fullName: string, links: readonly ManyToManyLink[]): string {
  const list = links.map((link) => `${link.relations.join(', ')} (with ${link.partner.fullName})`).join('; ');
  return `The model ${fullName} has many-to-many relations: ${list}. Delete it with its relations to remove them from both models.`;
}

/**
 * Removes the model and its forms. Refused for ArchiveFile and for a model that children or 1n
 * relations point at (those the user undoes by hand). Its m:n relations are named in the refusal;
 * with `removeRelations` (the user confirmed) they go first: the partner loses its reverse
 * relation and column (its forms the field), and the join table with its links is dropped.
 */
export async function removeModel(deps: ModelWritesDeps, fullName: string, removeRelations: boolean): Promise<void> {
  const { templates } = deps;
  if (fullName === PROTECTED_MODEL) throw new AppError('CONFLICT', `The model ${PROTECTED_MODEL} cannot be deleted.`);
  const model = await templates.requireModel(fullName);
  const models = await templates.listModels();
  const referencing = referencesTo(model, models);
  if (referencing.length > 0)
    throw new AppError('CONFLICT', `The model ${fullName} is referenced by ${referencing.join(', ')}.`);
  const links = manyToManyLinks(model, models);
  if (links.length > 0 && !removeRelations) throw new AppError('CONFLICT', relationsMessage(fullName, links));
  for (const { partner } of links) {
    const saved = await templates.saveModel(withoutRelationsTo(partner, model.table));
    for (const form of await templates.formsOfModel(partner.fullName)) {
      const followed = formFollowingModel(form, partner, saved);
      if (followed) await templates.saveForm(followed);
    }
    await dropJoinTable(deps.db, deps.dialect, model.table, partner.table);
  }
  const forms = await templates.formsOfModel(fullName);
  await templates.deleteTemplates([
    ...forms.map((f) => ({ kind: 'form' as const, name: f.name })),
    { kind: 'model', name: fullName },
  ]);
}
