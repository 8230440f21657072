import { API_BASE } from '../../platform/api/apiClient';
import { networkError, toApiError } from '../../platform/api/toApiError';
import { announceDataChange } from '../../platform/windows/dataChanges';

/** The multipart keys of the original's upload form model (spec 1 §7): `FilesUploadNewFormModel[…]`. */
export const uploadField = (name: string) => `FilesUploadNewFormModel[${name}]`;
export const UPLOAD_FILE_FIELD = 'FilesUploadNewFormModel[files][0]';

export interface UploadOptions {
  token: string | null | undefined;
  /** 0..100, as the browser reports the bytes sent. */
  onProgress: (percent: number) => void;
  /** Form fields sent with the file: the file type, the analyst, the upload path. */
  fields?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** Tests replace the XMLHttpRequest; the app uses the browser's. */
  createRequest?: () => XMLHttpRequest;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POST api/v1/file/upload with one file. fetch cannot report upload progress, so this one call
 * goes through XMLHttpRequest; errors become the same ApiError the API client throws.
 */
export function uploadFile<T = unknown>(file: File, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = options.createRequest?.() ?? new XMLHttpRequest();
    request.open('POST', `${API_BASE}file/upload`);
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.setRequestHeader('Accept', 'application/json');
    if (options.token) request.setRequestHeader('Authorization', `Bearer ${options.token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        options.onProgress(100);
        // the one write outside the API client: other windows' lists of uploads change too
        announceDataChange({ path: 'file/upload' });
        resolve(body as T);
      } else reject(toApiError(request.status, body));
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    const body = new FormData();
    // the fields first: a streaming parser knows the type before the bytes arrive
    for (const [name, value] of Object.entries(options.fields ?? {}))
      if (value !== undefined) body.append(uploadField(name), value);
    body.append(UPLOAD_FILE_FIELD, file, file.name);
    request.send(body);
  });
}
