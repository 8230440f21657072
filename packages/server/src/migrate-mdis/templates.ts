import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  formulaError,
  type FormTemplate,
  type ModelTemplate,
  parseFormTemplate,
  parseModelTemplate,
} from '@mdis/shared';
import { createBehaviorRegistry, behaviorName } from '../engine/behaviors/behavior-registry';
import { orderByDependencies, syncModelTables } from '../engine/schema-sync';
import { createTemplateStore } from '../engine/templates/template-store';
import type { Dialect } from '../infra/db/dialect';
import type { Db } from '../infra/db/schema';
import { registerBehaviors } from '../register-behaviors';

export interface SourceTemplates {
  /** Parents first. */
  models: ModelTemplate[];
  forms: FormTemplate[];
  /** What our engine does not do as the original did: listed, never silently dropped. */
  unsupported: string[];
}

export class TemplateFolderError extends Error {
  override name = 'TemplateFolderError';
}

function readJsonFiles(dir: string): { file: string; json: unknown }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      try {
        return { file, json: JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown };
      } catch (error) {
        throw new TemplateFolderError(`${join(dir, file)}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
}

function unsupportedOf(model: ModelTemplate, known: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const behavior of model.behaviors) {
    const name = behaviorName(behavior);
    if (!known(name))
      found.push(
        `${model.fullName}: behavior ${behavior.behaviorClass} is not known here; it is kept in the template but does nothing`,
      );
  }
  for (const column of Object.values(model.columns)) {
    for (const [what, formula] of [
      ['pseudoCalc', column.pseudoCalc],
      ['calculate', column.calculate],
    ] as const) {
      const reason = typeof formula === 'string' ? formulaError(formula) : undefined;
      if (reason)
        found.push(
          `${model.fullName}.${column.name}: ${what} formula is not understood (${reason}); the column stays empty until it is rewritten in the template manager`,
        );
    }
  }
  return found;
}

/**
 * Reads the original's template folder as it is (`models/*.json`, `forms/*.json`, the layout of
 * `backend/dis_templates`) and lists what our engine does not support.
 */
export function readSourceTemplates(dir: string): SourceTemplates {
  const modelFiles = readJsonFiles(join(dir, 'models'));
  if (modelFiles.length === 0)
    throw new TemplateFolderError(`No model templates in ${join(dir, 'models')}: give the dis_templates folder.`);
  const parse = <T>(file: string, run: () => T): T => {
    try {
      return run();
    } catch (error) {
      throw new TemplateFolderError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const models = modelFiles.map(({ file, json }) => parse(file, () => parseModelTemplate(json)));
  const forms = readJsonFiles(join(dir, 'forms')).map(({ file, json }) => parse(file, () => parseFormTemplate(json)));
  const registry = createBehaviorRegistry();
  registerBehaviors(registry);
  const unsupported = models.flatMap((model) => unsupportedOf(model, (name) => registry.get(name) !== undefined));
  const modelNames = new Set(models.map((m) => m.fullName));
  for (const form of forms)
    if (!modelNames.has(form.dataModel))
      unsupported.push(`form ${form.name}: its model ${form.dataModel} has no template; the form is not stored`);
  return { models: orderByDependencies(models), forms: forms.filter((f) => modelNames.has(f.dataModel)), unsupported };
}

/** Stores the templates (their timestamps kept) and lets schema sync create their tables. */
export async function installTemplates(db: Db, dialect: Dialect, templates: SourceTemplates): Promise<void> {
  const store = createTemplateStore(db);
  const stored = [];
  for (const model of templates.models) {
    const existing = await store.getModel(model.fullName);
    stored.push(
      existing && JSON.stringify(existing) === JSON.stringify(model)
        ? existing
        : await store.saveModel(model, { keepTimestamps: true }),
    );
  }
  await syncModelTables(db, dialect, stored, { templates: store.repository });
  for (const form of templates.forms) await store.saveForm(form, { keepTimestamps: true });
}
