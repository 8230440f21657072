// A script of its own, loaded beside the app's entry and run before it: the entry runs only once
// its whole module graph has arrived, and only then would its router ask for the page's chunk and
// the app for its first data, a chain on every cold visit (issue 18). This starts the chunks of the
// page the address asks for at once; the build writes which chunks each landing page needs onto this
// script's tag (build/routePreload.ts). It also sends the GETs the app asks first on that page with
// the stored token, and the model template: at once when an earlier visit remembered the form's data
// model, else once the form's template has answered (landingRequests.ts); the API client adopts each
// answer once, for the same URL and token (platform/api/earlyRequests.ts). It imports nothing the
// entry shares: it must not wait.
import { followUp, formModelKey, landingRequestUrls, storedToken } from './landingRequests';
import type { EarlyRequests } from './platform/api/earlyRequests';
import { restoreStoredStyles } from './storedStyles';

const hints = document.querySelector('script[data-route-chunks]')?.getAttribute('data-route-chunks');
const routes = hints ? (JSON.parse(hints) as [pattern: string, files: string[]][]) : [];
const route = location.hash.replace(/^#/, '') || '/';
const path = route.split('?')[0] || '/';

function sendEarly(early: EarlyRequests): void {
  const token = storedToken(localStorage.getItem('user'));
  const stored = (form: string) => localStorage.getItem(`mdis-form:${form}`);
  const facetSearch = /(^|;\s*)facetSearch=/.test(document.cookie);
  // the API client's headers, so that the server answers exactly as it would answer the app
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const sent = new Set<string>();
  const send = (url: string) => {
    if (early.closed || early.asked.includes(url) || sent.has(url)) return;
    sent.add(url);
    const response = fetch(url, { headers, credentials: 'same-origin' });
    early.requests.push({ url, token, startedAt: performance.now(), response });
    // a copy of the answer tells what follows it; one not adopted must not report its failure
    response
      .then((answer) => (answer.ok ? answer.clone().json() : null))
      .then((body: unknown) => {
        const next = followUp(url, body);
        if (!next) return;
        send(next.url);
        localStorage.setItem(...next.remember);
      })
      .catch(() => undefined);
  };
  const model = (form: string) => localStorage.getItem(formModelKey(form));
  for (const url of landingRequestUrls({ route, token, stored, facetSearch, model })) send(url);
}

// The data first: over HTTP/1.1 the browser sends a host's requests six at a time, in the order
// asked, and the page's chunks are some 55 requests.
globalThis.mdisEarlyRequests ??= { closed: false, requests: [], asked: [] };
// the entry already ran (this script came late) and may have signed out: send nothing
if (!globalThis.mdisEarlyRequests.closed) sendEarly(globalThis.mdisEarlyRequests);
for (const file of routes.find(([pattern]) => new RegExp(pattern).test(path))?.[1] ?? []) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = ''; // as the entry's own preloads: the same request, so the module map reuses it
  link.href = file;
  document.head.append(link);
}

// The styles an earlier visit generated, before the entry creates MUI's style cache (storedStyles.ts).
// After the requests: the browser parses them here, while the chunks are on their way.
restoreStoredStyles(localStorage, document, __MDIS_STYLES_VERSION__);

// The first number a page formats sets up the browser's number formatting, whatever the locale
// (15-33 ms in Chromium here; later calls take ~0.1 ms). The form's first render formats its counts
// (the Export menu's caption, the table's pager), on the way to its first rows: done here when the
// main thread is idle, waiting for the chunks and the data, that cost is off the way.
// (Safari has no requestIdleCallback.)
const whenIdle = 'requestIdleCallback' in globalThis ? requestIdleCallback : setTimeout;
whenIdle(() => (0).toLocaleString('en-US'));
