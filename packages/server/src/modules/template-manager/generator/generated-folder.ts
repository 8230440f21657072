import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { FormTemplate, ModelTemplate } from '@mdis/shared';
import type { TemplateStore } from '../../../engine/templates/template-store';
import { formFiles, modelFiles, type GeneratedFile } from './generator-files';
import { sha256Of, type GeneratedFilesRepository } from './generated-files.repository';

export type FileOperation = 'create' | 'overwrite' | 'skip';

/** The generated folder: under the data dir (default `generated`), never outside it. */
export function generatedDirOf(dataDir: string, configured = 'generated'): string {
  const dir = resolve(dataDir, configured);
  const inside = relative(resolve(dataDir), dir);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
    throw new Error(`MDIS_GENERATED_DIR: the generated folder ${dir} must lie inside the data directory ${dataDir}.`);
  return dir;
}

/** Writes a stored file's copy into the local folder, for the developer to read and diff. */
export async function writeCopy(root: string, path: string, content: string): Promise<void> {
  const target = resolve(root, path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, content);
}

/**
 * The files of the code generator. The database holds them (the same on every instance, and so is
 * the overwrite/skip state); the generated folder of the instance that wrote a file gets a copy,
 * so that a developer can read and diff it (generated-sync.ts brings the folder up to date at start).
 * Paths come from template names, never from request text.
 */
export function createGeneratedFolder(repository: GeneratedFilesRepository, templates: TemplateStore, root: string) {
  const read = (file: GeneratedFile) => repository.read(file.path);
  // The stored files' heads for the summary and app/forms: one query per template revision (a write bumps it).
  const heads = () =>
    templates.derive(
      'generated:heads',
      async () => new Map((await repository.heads()).map((head) => [head.path, head] as const)),
    );

  return {
    read,

    /** create when missing; skip when identical or written once; otherwise overwrite. */
    async operationOf(file: GeneratedFile): Promise<FileOperation> {
      const current = (await repository.heads([file.path])).at(0);
      if (current === undefined) return 'create';
      return file.once || current.sha256 === sha256Of(file.content) ? 'skip' : 'overwrite';
    },

    /** Stores the file and copies it into the local folder; the error message when it could not store it. */
    async write(file: GeneratedFile): Promise<{ error?: string; note?: string }> {
      try {
        await repository.write(file.path, file.content);
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
      // The stored file is what counts; a folder that cannot be written only lacks the developer's copy.
      return writeCopy(root, file.path, file.content).then(
        () => ({}),
        (error: unknown) => ({ note: `(no copy in the generated folder: ${(error as Error).message})` }),
      );
    },

    /**
     * The template's generated files that exist, each marked modified ("older than the template") when
     * its content differs from what the generator would write now. Not by file time: every save moves
     * the template's time, while a file whose content did not change is skipped and never rewritten, so
     * a time comparison would lock 'manage forms' for good. Write-once files are the developer's and
     * are never regenerated, so they are never out of date.
     */
    async generatedFiles(
      kind: 'model' | 'form',
      template: ModelTemplate | FormTemplate,
    ): Promise<{ path: string; modified: boolean }[]> {
      const files = kind === 'model' ? modelFiles(template as ModelTemplate) : formFiles(template as FormTemplate);
      const stored = await heads();
      return files.flatMap((f) => {
        const head = stored.get(f.path);
        if (!head) return [];
        return [{ path: f.path, modified: !f.once && head.sha256 !== sha256Of(f.content) }];
      });
    },

    /** Whether the specialised React form module of a form exists. */
    async hasCustomForm(form: FormTemplate): Promise<boolean> {
      const component = formFiles(form).find((f) => f.once);
      return component !== undefined && (await heads()).has(component.path);
    },
  };
}
