import { createHash } from 'node:crypto';
import type { FormTemplate, ModelTemplate } from '@mdis/shared';
import { formComponentModule, formComponentName, formFieldsModule } from './form-module';
import { modelDdl } from './model-ddl';
import { modelHooks, modelModule } from './model-module';

export const GENERATOR_IDS = ['dis-model', 'dis-form'] as const;
export type GeneratorId = (typeof GENERATOR_IDS)[number];

/** One file a generator produces: its path under the generated folder and its content. */
export interface GeneratedFile {
  /** md5 of the path, as the original's generator identifies files. */
  id: string;
  path: string;
  content: string;
  /** Written once, never overwritten (hooks and specialised forms: hand-edited). */
  once: boolean;
}

function file(path: string, content: string, once = false): GeneratedFile {
  return { id: createHash('md5').update(path).digest('hex'), path, content, once };
}

/**
 * The files generated for a model, for a developer to read, diff and keep: the table's DDL per
 * dialect, a module with the row type and zod schema, and the server hooks, written once and never
 * overwritten because custom rules go there (DESIGN §6).
 */
export function modelFiles(model: ModelTemplate): GeneratedFile[] {
  const name = model.fullName;
  return [
    file(`models/${name}.sqlite.sql`, modelDdl(model, 'sqlite')),
    file(`models/${name}.postgres.sql`, modelDdl(model, 'postgres')),
    file(`models/${name}.ts`, modelModule(model)),
    file(`hooks/${name}.hooks.mjs`, modelHooks(model), true),
  ];
}

/** The form's groups and fields, and the specialised React form module (once). */
export function formFiles(form: FormTemplate): GeneratedFile[] {
  const name = formComponentName(form);
  return [
    file(`forms/${name}.fields.ts`, formFieldsModule(form)),
    file(`forms/${name}.tsx`, formComponentModule(form), true),
  ];
}
