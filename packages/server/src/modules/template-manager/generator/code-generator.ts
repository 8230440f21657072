import { AppError, validationError, type FormTemplate, type ModelTemplate } from '@mdis/shared';
import type { TemplateStore } from '../../../engine/templates/template-store';
import { createGeneratedFolder, type FileOperation } from './generated-folder';
import type { GeneratedFilesRepository } from './generated-files.repository';
import { formFiles, GENERATOR_IDS, modelFiles, type GeneratedFile, type GeneratorId } from './generator-files';
import { unifiedDiff } from './line-diff';

export { generatedDirOf } from './generated-folder';

export interface GeneratorRequest {
  Generator?: { templateName?: string } | null;
  generate?: boolean | null;
  /** File id → true for the files to write. */
  answers?: Record<string, unknown> | null;
}

export interface PlannedFile {
  id: string;
  path: string;
  operation: FileOperation;
}

export type ViewAnswer =
  { files: PlannedFile[]; answers: Record<string, unknown> } | { hasError: boolean; results: string };

function isGeneratorId(id: string): id is GeneratorId {
  return (GENERATOR_IDS as readonly string[]).includes(id);
}

/** The files of a generator for the named template, and how to record that they were generated. */
async function generatorFor(templates: TemplateStore, id: string, request: GeneratorRequest) {
  if (!isGeneratorId(id)) throw new AppError('NOT_FOUND', `Code generator not found: ${id}`);
  const name = request.Generator?.templateName ?? '';
  if (name === '') throw validationError([{ field: 'templateName', message: 'Template name cannot be blank.' }]);
  if (id === 'dis-model') {
    const model = await templates.requireModel(name);
    const stamp = (now: number) => templates.saveModel({ ...model, generatedAt: now }, { keepTimestamps: true });
    return { files: modelFiles(model), stamp };
  }
  const form = await templates.requireForm(name);
  const stamp = (now: number) => templates.saveForm({ ...form, generatedAt: now }, { keepTimestamps: true });
  return { files: formFiles(form), stamp };
}

/**
 * The code generator of `cg/api/view|preview|diff` (spec 3 §§4, 7): which files a template
 * produces, whether each would be created, overwritten or skipped, their content and diff, and
 * writing the chosen ones. Files that are written once are never overwritten.
 */
export function createCodeGenerator(templates: TemplateStore, files: GeneratedFilesRepository, root: string) {
  const folder = createGeneratedFolder(files, templates, root);

  async function fileOf(id: string, request: GeneratorRequest, fileId: string): Promise<GeneratedFile> {
    const found = (await generatorFor(templates, id, request)).files.find((f) => f.id === fileId);
    if (!found) throw new AppError('NOT_FOUND', `Code file not found: ${fileId}`);
    return found;
  }

  async function generate(
    planned: { file: GeneratedFile; operation: FileOperation }[],
    answers: Record<string, unknown>,
  ) {
    const lines: string[] = [];
    let hasError = false;
    for (const { file, operation } of planned) {
      if (operation === 'skip' || !answers[file.id]) {
        lines.push(`   skipped ${file.path}`);
        continue;
      }
      const { error, note } = await folder.write(file);
      hasError ||= error !== undefined;
      const done = `${operation === 'create' ? ' generated' : ' overwrote'} ${file.path}`;
      lines.push(error ?? (note ? `${done} ${note}` : done));
    }
    return { hasError, results: lines.join('\n') };
  }

  return {
    generatedFiles: (kind: 'model' | 'form', template: ModelTemplate | FormTemplate) =>
      folder.generatedFiles(kind, template),
    hasCustomForm: (form: FormTemplate) => folder.hasCustomForm(form),

    /** Without `generate`: the files and their operations. With it: writes the files answered true. */
    async view(id: string, request: GeneratorRequest): Promise<ViewAnswer> {
      const { files, stamp } = await generatorFor(templates, id, request);
      const planned = await Promise.all(
        files.map(async (file) => ({ file, operation: await folder.operationOf(file) })),
      );
      const answers = request.answers ?? {};
      if (!request.generate)
        return { files: planned.map(({ file, operation }) => ({ id: file.id, path: file.path, operation })), answers };
      const answer = await generate(planned, answers);
      if (!answer.hasError) await stamp(Math.floor(Date.now() / 1000));
      return answer;
    },

    async preview(id: string, request: GeneratorRequest, fileId: string): Promise<string> {
      return (await fileOf(id, request, fileId)).content;
    },

    /** The change an overwrite would make to the stored file as a unified diff, or 'Identical'. */
    async diff(id: string, request: GeneratorRequest, fileId: string): Promise<string> {
      const file = await fileOf(id, request, fileId);
      const current = (await folder.read(file)) ?? '';
      return current === file.content ? 'Identical' : unifiedDiff(file.path, current, file.content);
    },
  };
}

export type CodeGenerator = ReturnType<typeof createCodeGenerator>;
