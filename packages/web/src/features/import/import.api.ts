import { api, API_BASE } from '../../platform/api/apiClient';
import { networkError, toApiError } from '../../platform/api/toApiError';
import { announceDataChange } from '../../platform/windows/dataChanges';
import type {
  ImportCounts,
  ImportPreview,
  ImportProgress,
  ImportRequest,
  ImportResult,
  ImportRowError,
} from './importTypes';
import { readServerSentEvents } from './serverSentEvents';

/** A commit the server refused because rows failed (422): nothing was written. */
export class ImportRowsFailed extends Error {
  constructor(
    readonly counts: ImportCounts,
    readonly errors: ImportRowError[],
  ) {
    super(`Nothing was imported: ${String(counts.errors)} rows have errors.`);
    this.name = 'ImportRowsFailed';
  }
}

function formDataOf(request: ImportRequest): FormData {
  const body = new FormData();
  // the choices before the file: a streaming parser knows them before the bytes arrive
  body.append('form', request.form);
  body.append('mode', request.mode);
  if (request.sheet !== null) body.append('sheet', request.sheet);
  if (request.mapping !== null) body.append('mapping', JSON.stringify(request.mapping));
  body.append('file', request.file, request.file.name);
  return body;
}

async function parsed(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function statusOf(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || !('status' in data)) return undefined;
  return typeof data.status === 'number' ? data.status : undefined;
}

function isRowsFailure(body: unknown): body is { counts: ImportCounts; errors: ImportRowError[] } {
  return typeof body === 'object' && body !== null && 'counts' in body && 'errors' in body;
}

/**
 * POSTs the file as multipart/form-data (the API client only sends JSON). Errors become the
 * ApiError the client throws (400, 403, 413 with the server's message); a 422 with failing rows
 * becomes ImportRowsFailed.
 */
async function postImport(path: string, request: ImportRequest, token: string | null, accept: string) {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: accept };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers,
      body: formDataOf(request),
      credentials: 'same-origin',
    });
  } catch {
    throw networkError();
  }
  if (response.ok) return response;
  const body = await parsed(response);
  if (response.status === 422 && isRowsFailure(body)) throw new ImportRowsFailed(body.counts, body.errors);
  throw toApiError(response.status, body);
}

export const importApi = {
  /** Reads the file, maps it and runs every row through the form's checks; writes nothing. */
  preview: async (request: ImportRequest, token: string | null): Promise<ImportPreview> => {
    const response = await postImport('import/preview', request, token, 'application/json');
    return (await response.json()) as ImportPreview;
  },

  /** The failing rows as CSV (the file's headers and an `error` column). */
  failingRows: async (request: ImportRequest, token: string | null): Promise<Blob> => {
    const response = await postImport('import/preview?format=csv', request, token, 'text/csv');
    return response.blob();
  },

  /** Writes every row or none, reporting progress as the server sends it. */
  commit: async (
    request: ImportRequest,
    token: string | null,
    onProgress: (progress: ImportProgress) => void,
  ): Promise<ImportResult> => {
    const response = await postImport('import/commit', request, token, 'text/event-stream');
    const result = (response.headers.get('content-type') ?? '').includes('text/event-stream')
      ? await resultOfStream(response, onProgress)
      : ((await response.json()) as ImportResult);
    announceDataChange({ path: 'import/commit' });
    return result;
  },

  undo: (batchId: string): Promise<{ removed: number }> =>
    api.post<{ removed: number }>(`import/${encodeURIComponent(batchId)}/undo`),
};

async function resultOfStream(
  response: Response,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportResult> {
  let result: ImportResult | null = null;
  for await (const event of readServerSentEvents(response)) {
    const data = JSON.parse(event.data) as unknown;
    if (event.event === 'progress') onProgress(data as ImportProgress);
    // the stream began with 200; a refusal found on the way comes as the status it would have had
    else if (event.event === 'result' || event.event === 'error') {
      const status = statusOf(data) ?? (event.event === 'error' ? 500 : 200);
      if (status === 200) result = data as ImportResult;
      else if (status === 422 && isRowsFailure(data)) throw new ImportRowsFailed(data.counts, data.errors);
      else throw toApiError(status, data);
    }
  }
  if (!result) throw new Error('The import ended without a result. Nothing may have been written; preview again.');
  return result;
}
