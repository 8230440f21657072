import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  generatorApi,
  templateManagerKeys,
  type GeneratorId,
  type GeneratorRequest,
  type PlannedFile,
} from '../templateManager.api';

export type FileView = 'content' | 'diff';

const generatorKeys = {
  all: (id: GeneratorId, name: string) => [...templateManagerKeys.all, 'generator', id, name] as const,
  plan: (id: GeneratorId, name: string) => [...generatorKeys.all(id, name), 'plan'] as const,
  file: (id: GeneratorId, name: string, view: FileView, file: string) =>
    [...generatorKeys.all(id, name), view, file] as const,
};

const requestOf = (templateName: string): GeneratorRequest => ({ Generator: { templateName } });

/** Files on disk change between openings: every opening asks afresh, nothing is kept after close. */
const FRESH = { gcTime: 0, staleTime: 0, retry: false } as const;

/** The files a generator would write for the template and what writing each would do. */
export function useGeneratorPlan(id: GeneratorId, templateName: string) {
  return useQuery({
    queryKey: generatorKeys.plan(id, templateName),
    queryFn: () => generatorApi.plan(id, requestOf(templateName)),
    ...FRESH,
  });
}

/** The generated content of a file, or its unified diff against the file on disk. */
export function useGeneratorFile(id: GeneratorId, templateName: string, view: FileView, file: PlannedFile) {
  return useQuery({
    queryKey: generatorKeys.file(id, templateName, view, file.id),
    queryFn: () =>
      view === 'diff'
        ? generatorApi.diff(id, file.id, requestOf(templateName))
        : generatorApi.preview(id, file.id, requestOf(templateName)),
    ...FRESH,
  });
}

/** Writes the chosen files; afterwards the plan and the main page's generated-files notes are read again. */
export function useGenerate(id: GeneratorId, templateName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Record<string, boolean>) =>
      generatorApi.generate(id, { ...requestOf(templateName), answers }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: generatorKeys.plan(id, templateName) });
      void queryClient.invalidateQueries({ queryKey: templateManagerKeys.summary() });
    },
  });
}

/** A file is written by default unless the generator skips it (identical, or created once and kept). */
export const checkedByDefault = (file: PlannedFile) => file.operation !== 'skip';

/** `answers` of the generate call: every file id with whether to write it (skip files never). */
export function answersOf(files: PlannedFile[], choice: Record<string, boolean>): Record<string, boolean> {
  return Object.fromEntries(files.map((f) => [f.id, f.operation !== 'skip' && (choice[f.id] ?? checkedByDefault(f))]));
}
