/**
 * Extension point for working without the server (issue 22): the API client asks the responder
 * for an answer when a request got none (network down, server stopped, a gateway's 502/504), and
 * tells it every answered GET so it can keep copies. The platform knows no offline details; the
 * offline feature registers the responder at start.
 */
export interface OfflineRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the page, with the query: `api/v1/form/12?name=core`. */
  url: string;
  body: unknown;
}

export interface OfflineResponder {
  /** The answer to a request the server could not be reached for; undefined: none (the request fails). */
  answer(request: OfflineRequest): Promise<{ data: unknown } | undefined>;
  /** An answered GET (2xx), to keep what the responder needs for later. */
  answered?(request: OfflineRequest, data: unknown): void;
}

let responder: OfflineResponder | null = null;

export function setOfflineResponder(next: OfflineResponder | null): void {
  responder = next;
}

export function offlineResponder(): OfflineResponder | null {
  return responder;
}
