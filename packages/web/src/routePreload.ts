// A script of its own, loaded beside the app's entry and run before it: the entry runs only once
// its whole module graph has arrived, and only then would its router ask for the page's chunk, a
// chunk chain on every cold visit (issue 18). This starts the chunks of the page the address asks
// for at once; the build writes which chunks each landing page needs onto this script's tag
// (build/routePreload.ts). No imports: it must not wait for anything itself.

const hints = document.querySelector('script[data-route-chunks]')?.getAttribute('data-route-chunks');
const routes = hints ? (JSON.parse(hints) as [pattern: string, files: string[]][]) : [];
const path = location.hash.replace(/^#/, '').split('?')[0] || '/';
for (const file of routes.find(([pattern]) => new RegExp(pattern).test(path))?.[1] ?? []) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = ''; // as the entry's own preloads: the same request, so the module map reuses it
  link.href = file;
  document.head.append(link);
}
