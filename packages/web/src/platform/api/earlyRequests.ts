// GETs that src/routePreload.ts started before the entry ran (issue 18: on a cold visit the entry
// runs only once its whole module graph has arrived), which the API client adopts instead of asking
// again. Shared through the window: routePreload.ts may import nothing (it must not wait).

/** One early GET: its URL as the API client writes it, the token it carried, when it started. */
export interface EarlyRequest {
  url: string;
  token: string | null;
  /** performance.now() when it was sent. */
  startedAt: number;
  response: Promise<Response>;
}

export interface EarlyRequests {
  /** Set at a sign-out or a change of user: from then on nothing early is adopted. */
  closed: boolean;
  requests: EarlyRequest[];
  /**
   * URLs the app asked before any early request for them was sent (the model template, once the
   * forms menu has named the data model): routePreload.ts sends none of them later, which would
   * only ask the same again.
   */
  asked: string[];
}

declare global {
  // a property of the window, shared with routePreload.ts
  var mdisEarlyRequests: EarlyRequests | undefined;
}

/**
 * The app asks for its first data within moments of its start; an early answer not taken by then
 * is left alone, so that a later visit to the same page sees the data of its own time.
 */
export const EARLY_ANSWER_LIFETIME_MS = 10_000;

/**
 * The early answer to a GET of `url` with `token`, once: the first ask of a URL takes its early
 * request whatever it holds, and gets it only when it was sent with the same token and lately.
 */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  // the app asks before routePreload.ts has run (it came late): it is to send nothing then
  const early = (globalThis.mdisEarlyRequests ??= { closed: true, requests: [], asked: [] });
  if (early.closed) return undefined;
  const index = early.requests.findIndex((request) => request.url === url);
  if (index < 0) {
    // only while early requests are still being sent (the page's first seconds): bounded
    if (performance.now() <= EARLY_ANSWER_LIFETIME_MS) early.asked.push(url);
    return undefined;
  }
  const [request] = early.requests.splice(index, 1) as [EarlyRequest];
  if (request.token !== token) return undefined;
  return performance.now() - request.startedAt <= EARLY_ANSWER_LIFETIME_MS ? request.response : undefined;
}

/** At a sign-out or a change of user: no answer asked with the stored token may be used any more. */
export function dropEarlyRequests(): void {
  globalThis.mdisEarlyRequests = { closed: true, requests: [], asked: [] };
}
