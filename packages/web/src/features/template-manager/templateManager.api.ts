import {
  formFieldSchema,
  formTemplateSchema,
  type BehaviorInfo,
  type BehaviorParameterInfo,
  type FormField,
  type FormTemplate,
  type FormTemplateSummary,
  type GeneratedFileState,
  type ModelTemplate,
  type ModelTemplateSummary,
  type TableResult,
} from '@mdis/shared';
import { z } from 'zod';
import { api } from '../../platform/api/apiClient';
import { networkError, toApiError } from '../../platform/api/toApiError';

/** The template calls live outside api/v1 (the original's `cg/api`). */
export const CG_BASE = 'cg/api/';

export type GeneratedFile = GeneratedFileState;

/** The summary's model entry; `columns` (display columns of relations) may be left out by callers. */
export type ModelSummary = Omit<ModelTemplateSummary, 'columns'> & Partial<Pick<ModelTemplateSummary, 'columns'>>;

/** 'manage forms' is offered when no generated file is older than the template (spec 3 §2). */
export function generatedFilesUpToDate(files: readonly GeneratedFile[]): boolean {
  return files.every((file) => !file.modified);
}

/** A behavior of the registry as `cg/api/behaviors` lists it, each parameter with its kind. */
export type { BehaviorInfo, BehaviorParameterInfo };

export type { TableResult } from '@mdis/shared';

export type { FormTemplateSummary } from '@mdis/shared';

export interface TemplateSummary {
  modules: string[];
  models: ModelSummary[];
  forms?: FormTemplateSummary[];
}

/** `get-form-template-seed`: every field the model offers, and the required ones placed. */
export interface FormSeed {
  availableFieldTemplates: Record<string, FormField>;
  initialTemplate: { name: string; dataModel: string; fields: FormField[] };
}

const formSeedSchema = z.object({
  availableFieldTemplates: z.record(z.string(), formFieldSchema),
  initialTemplate: z.object({ name: z.string(), dataModel: z.string(), fields: z.array(formFieldSchema) }),
});

/** create-form and update-form: the template plus the picked sub/sup forms. */
export interface FormTemplateBody {
  template: Record<string, unknown>;
}

export interface UploadResult {
  type: 'zip' | 'model' | 'form';
  models: string[];
  forms: string[];
}

/** Under the 'user' prefix: removed when the signed-in user changes. */
export const templateManagerKeys = {
  all: ['user', 'template-manager'] as const,
  summary: () => [...templateManagerKeys.all, 'summary'] as const,
  model: (name: string) => [...templateManagerKeys.all, 'model', name] as const,
  behaviors: () => [...templateManagerKeys.all, 'behaviors'] as const,
  formTemplate: (name: string) => [...templateManagerKeys.all, 'form', name] as const,
  formSeed: (modelName: string) => [...templateManagerKeys.all, 'form-seed', modelName] as const,
  listNames: () => [...templateManagerKeys.all, 'list-names'] as const,
};

/** fetch for the two calls that are not JSON in and out (zip download, multipart upload). */
async function rawRequest(path: string, token: string | null | undefined, init: RequestInit): Promise<Response> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(CG_BASE + path, { ...init, headers, credentials: 'same-origin' });
  } catch {
    throw networkError();
  }
  if (response.ok) return response;
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // not JSON: the text is the message
  }
  throw toApiError(response.status, body);
}

export const templateManagerApi = {
  summary: () => api.get<TemplateSummary>('summary', undefined, { base: CG_BASE }),
  duplicateModel: (oldName: string, newName: string) =>
    api.post<unknown>('duplicate', {}, { base: CG_BASE, query: { type: 'model', oldName, newName } }),
  /** `removeRelations`: the user confirmed that the model's m:n relations (both sides, join tables) go too. */
  deleteModel: (name: string, removeRelations = false) =>
    api.delete('delete-model', {
      base: CG_BASE,
      query: removeRelations ? { name, removeRelations: '1' } : { name },
    }),
  download: async (name: string, token: string | null | undefined) => {
    const response = await rawRequest(`download?type=model&name=${encodeURIComponent(name)}`, token, {});
    return response.blob();
  },
  modelTemplate: (name: string) => api.get<ModelTemplate>('get-model-template', { name }, { base: CG_BASE }),
  behaviors: () => api.get<BehaviorInfo[]>('behaviors', undefined, { base: CG_BASE }),
  createModel: (template: ModelTemplate) => api.post<ModelTemplate>('create-model', { template }, { base: CG_BASE }),
  updateModel: (name: string, template: ModelTemplate) =>
    api.post<ModelTemplate>('update-model', { template }, { base: CG_BASE, query: { name } }),
  /** Schema sync of the model's table; a plan that drops data answers 409 unless allowDataLoss. */
  createModelTable: (model: string, allowDataLoss = false) =>
    api.post<TableResult>('create-model-table', { model, allowDataLoss }, { base: CG_BASE }),
  /** `overwrite`: templates whose names exist are replaced; without it they are refused (kind 'exists'). */
  upload: async (file: File, token: string | null | undefined, overwrite = false) => {
    const body = new FormData();
    body.append('file', file, file.name);
    const response = await rawRequest(overwrite ? 'upload?overwrite=1' : 'upload', token, { method: 'POST', body });
    return (await response.json()) as UploadResult;
  },
  formTemplate: async (name: string): Promise<FormTemplate> =>
    formTemplateSchema.parse(await api.get<unknown>('get-form-template', { name }, { base: CG_BASE })),
  formSeed: async (modelName: string): Promise<FormSeed> =>
    formSeedSchema.parse(await api.get<unknown>('get-form-template-seed', { modelName }, { base: CG_BASE })),
  /** The value lists' names: a select's list name not among them is upper-cased. */
  listNames: () => api.get<string[]>('list-values/list-names'),
  createForm: (body: FormTemplateBody) => api.post<FormTemplate>('create-form', body, { base: CG_BASE }),
  updateForm: (name: string, body: FormTemplateBody) =>
    api.put<FormTemplate>('update-form', body, { base: CG_BASE, query: { name } }),
  deleteForm: (name: string) => api.delete('delete-form', { base: CG_BASE, query: { name } }),
  renameForm: (name: string, newName: string) =>
    api.post<FormTemplate>('rename-form', {}, { base: CG_BASE, query: { name, newName } }),
  duplicateForm: (oldName: string, newName: string) =>
    api.post<FormTemplate>('duplicate', {}, { base: CG_BASE, query: { type: 'form', oldName, newName } }),
  downloadForm: async (name: string, token: string | null | undefined) => {
    const response = await rawRequest(`download?type=form&name=${encodeURIComponent(name)}`, token, {});
    return response.blob();
  },
};

// --- Code generator (cg/api view, preview, diff; ids dis-model and dis-form) ---
export type GeneratorId = 'dis-model' | 'dis-form';
export type FileOperation = 'create' | 'overwrite' | 'skip';

/** A file the generator would write, with what writing it would do. */
export interface PlannedFile {
  /** md5 of the path. */
  id: string;
  path: string;
  operation: FileOperation;
}

/** The generator attributes every generator call posts; `answers` maps a file id to true to write it. */
export interface GeneratorRequest {
  Generator: { templateName: string };
  generate?: boolean;
  answers?: Record<string, boolean>;
}

/** What `view` answers: the planned files, or (with `generate`) the results text. */
export type GeneratorPlan = { files: PlannedFile[]; answers: Record<string, unknown> };
export interface GeneratorResults {
  hasError: boolean;
  results: string;
}

export const generatorApi = {
  plan: (id: GeneratorId, body: GeneratorRequest) =>
    api.post<GeneratorPlan>('view', body, { base: CG_BASE, query: { id } }),
  generate: (id: GeneratorId, body: GeneratorRequest) =>
    api.post<GeneratorResults>('view', { ...body, generate: true }, { base: CG_BASE, query: { id } }),
  /** The generated content of one file (plain text). */
  preview: (id: GeneratorId, file: string, body: GeneratorRequest) =>
    api.post<string>('preview', body, { base: CG_BASE, query: { id, file } }),
  /** A unified diff of the file on disk against the generated one, or 'Identical' (plain text). */
  diff: (id: GeneratorId, file: string, body: GeneratorRequest) =>
    api.post<string>('diff', body, { base: CG_BASE, query: { id, file } }),
};

/** Saves a blob under `filename` through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
