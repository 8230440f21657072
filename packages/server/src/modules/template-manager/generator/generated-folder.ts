import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { FormTemplate, ModelTemplate } from '@mdis/shared';
import { formFiles, modelFiles, type GeneratedFile } from './generator-files';

export type FileOperation = 'create' | 'overwrite' | 'skip';

/** The generated folder: under the data dir (default `generated`), never outside it. */
export function generatedDirOf(dataDir: string, configured = 'generated'): string {
  const dir = resolve(dataDir, configured);
  const inside = relative(resolve(dataDir), dir);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
    throw new Error(`MDIS_GENERATED_DIR: the generated folder ${dir} must lie inside the data directory ${dataDir}.`);
  return dir;
}

/** The files of the code generator on disk. Paths come from template names, never from request text. */
export function createGeneratedFolder(root: string) {
  const pathOf = (file: GeneratedFile) => resolve(root, file.path);
  const read = (file: GeneratedFile) => readFile(pathOf(file), 'utf8').catch(() => undefined);

  return {
    read,

    /** create when missing; skip when identical or written once; otherwise overwrite. */
    async operationOf(file: GeneratedFile): Promise<FileOperation> {
      const current = await read(file);
      if (current === undefined) return 'create';
      return file.once || current === file.content ? 'skip' : 'overwrite';
    },

    /** Writes the file; the error message when it could not. */
    async write(file: GeneratedFile): Promise<string | undefined> {
      try {
        await mkdir(dirname(pathOf(file)), { recursive: true });
        await writeFile(pathOf(file), file.content);
        return undefined;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
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
      const found = await Promise.all(
        files.map(async (f) => {
          const current = await read(f);
          return current === undefined ? [] : [{ path: f.path, modified: !f.once && current !== f.content }];
        }),
      );
      return found.flat();
    },

    /** Whether the specialised React form module of a form exists. */
    async hasCustomForm(form: FormTemplate): Promise<boolean> {
      const component = formFiles(form).find((f) => f.once);
      return component !== undefined && (await read(component)) !== undefined;
    },
  };
}
