import { api } from '../../app/api/apiClient';
import { networkError, toApiError } from '../../app/api/toApiError';

/** The template calls live outside api/v1 (the original's `cg/api`). */
export const CG_BASE = 'cg/api/';

export interface GeneratedFile {
  path: string;
  /** True when the file is older than the template (the template changed since generation). */
  modified: boolean;
}

export interface ModelSummary {
  name: string;
  fullName: string;
  module: string;
  table: string;
  parentModel: string | null;
  createdAt: number | null;
  /** Unix seconds. */
  modifiedAt: number | null;
  generatedAt: number | null;
  isTableCreated: boolean;
  /** Unix seconds of the last schema sync. */
  tableGenerationTimestamp: number | null;
  generatedFiles: GeneratedFile[];
}

export interface TemplateSummary {
  modules: string[];
  models: ModelSummary[];
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
  deleteModel: (name: string) => api.delete('delete-model', { base: CG_BASE, query: { name } }),
  download: async (name: string, token: string | null | undefined) => {
    const response = await rawRequest(`download?type=model&name=${encodeURIComponent(name)}`, token, {});
    return response.blob();
  },
  upload: async (file: File, token: string | null | undefined) => {
    const body = new FormData();
    body.append('file', file, file.name);
    const response = await rawRequest('upload', token, { method: 'POST', body });
    return (await response.json()) as UploadResult;
  },
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
