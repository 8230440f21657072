import { networkError, toApiError } from './toApiError';
import type { ApiError } from './ApiError';
import { serverReachability } from '../connection/serverReachability';
import { offlineResponder, type OfflineRequest } from './offlineResponder';
import { takeEarlyResponse } from './earlyRequests';

/** The API base, relative to the page, so the app also works below a path prefix. */
export const API_BASE = 'api/v1/';

type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** A 401 is thrown to the caller only, without signing the user out (app start, login). */
  silentUnauthorized?: boolean;
  signal?: AbortSignal;
  /** Another base than api/v1/ (the template calls live under cg/api/). */
  base?: string;
  /** A POST that only computes an answer (defaults, a copy to edit): no other window needs to know. */
  changesNothing?: boolean;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  getToken?: () => string | null | undefined;
  /** Called on every 401 that is not silent: the session clears the user and sends them to /login. */
  onUnauthorized?: (error: ApiError) => void;
  /** Called after every successful write (not GET), so other windows can refresh what they show. */
  onWrite?: (path: string) => void;
}

function buildUrl(path: string, query?: Query, base = API_BASE): string {
  const url = base + path.replace(/^\/+/, '');
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.append(key, String(value));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The one door to the mDIS API: adds X-Requested-With and the bearer token, sends cookies only
 * to the same origin, and turns every failure into an ApiError with the catalogue message.
 */
export class ApiClient {
  private options: ApiClientOptions;

  constructor(options: ApiClientOptions = {}) {
    this.options = options;
  }

  configure(options: Partial<ApiClientOptions>): void {
    this.options = { ...this.options, ...options };
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
    const token = this.options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const doFetch = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    const offline: OfflineRequest = {
      method: options.method ?? 'GET',
      url: buildUrl(path, options.query, options.base),
      body: options.body,
    };
    const send = () =>
      doFetch(offline.url, {
        method: offline.method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'same-origin',
        signal: options.signal,
      });
    // the same GET sent before the entry ran (routePreload.ts), with this token; failed: asked again
    const early =
      offline.method === 'GET' && !options.signal ? takeEarlyResponse(offline.url, token ?? null) : undefined;
    let response: Response;
    try {
      response = await (early ? early.catch(send) : send());
    } catch (error) {
      if (options.signal?.aborted) throw error;
      serverReachability.markUnreachable();
      return this.answerOffline<T>(offline);
    }
    // A gateway's "no upstream" is no answer from the server.
    const noUpstream = response.status === 502 || response.status === 504;
    if (noUpstream) serverReachability.markUnreachable();
    else serverReachability.markReachable();
    const answered = noUpstream ? await offlineResponder()?.answer(offline) : undefined;
    if (answered) return answered.data as T;
    const data = await readBody(response);
    if (response.ok) {
      if (offline.method === 'GET') offlineResponder()?.answered?.(offline, data);
      else if (!options.changesNothing) this.options.onWrite?.(path);
      return data as T;
    }
    const error = toApiError(response.status, data);
    if (response.status === 401 && !options.silentUnauthorized) this.options.onUnauthorized?.(error);
    throw error;
  }

  /** No answer from the server: the offline responder's answer (issue 22), or a network error. */
  private async answerOffline<T>(request: OfflineRequest): Promise<T> {
    const answer = await offlineResponder()?.answer(request);
    if (!answer) throw networkError();
    return answer.data as T;
  }

  get<T>(path: string, query?: Query, options: Omit<RequestOptions, 'method' | 'query'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'GET', query });
  }

  post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'POST', body: body ?? {} });
  }

  put<T>(path: string, body: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PUT', body });
  }

  delete<T = void>(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'DELETE' });
  }
}

/** The application's client; the session provider supplies the token and the 401 handler. */
export const api = new ApiClient();
