import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressDir } from './build/precompress.ts';
import { routePreload } from './build/routePreload.ts';
import { landingMuiChunks } from './build/landingChunks.ts';
// Relative imports: Vite bundles them into the config; a workspace package would be loaded raw by Node.
import { DEFAULT_APP_CONFIG } from '../shared/src/app/app-config.ts';
import { PRIMARY_COLOR } from '../shared/src/app/constants.ts';
import pkg from './package.json' with { type: 'json' };

// Paths the Node server answers itself: the dev server proxies them, the offline worker never
// answers them with the cached app shell.
const SERVER_PATHS = ['/api', '/cg', '/report', '/files'];
const API_TARGET = process.env.MDIS_API_TARGET ?? 'http://127.0.0.1:8080';
const OUT_DIR = fileURLToPath(new URL('./dist', import.meta.url));
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * The landing pages whose chunks start before the entry has run (build/routePreload.ts): the
 * generic form (as AppRoutes ranks it: not the IGSN lookup, the files form or an import) and the
 * dashboard. Their dynamic imports on the way to the first screen are listed with them.
 */
const ROUTE_CHUNKS = [
  {
    pattern: /^\/forms\/(?!(igsn|files-form)(\/|$))[^/]+(\/(?!import$)[^/]+)?\/?$/,
    modules: ['src/features/forms/FormPage.tsx', '../shared/src/templates/index.ts'],
  },
  { pattern: /^\/?$/, modules: ['src/features/dashboard/DashboardPage.tsx'] },
];

/** The route preload script and what it imports (src/routePreload.ts), kept out of the entry's chunk. */
const PRELOAD_SCRIPT = /[\\/]src[\\/](routePreload|landingRequests|storedStyles)\.ts$/;

/**
 * What a stored copy of the generated styles is valid for (src/storedStyles.ts): the libraries that
 * turn MUI's styles into CSS. A name is a hash of a style's text, not of the CSS they write for it.
 */
const require = createRequire(import.meta.url);
const STYLES_VERSION = ['@emotion/cache', '@emotion/serialize', 'stylis', '@mui/material']
  .map((name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`)
  .join(' ');

const LANDING_MUI = landingMuiChunks(
  ROOT,
  'form',
  ROUTE_CHUNKS.map((route) => route.modules),
);

const PICKERS = ['DatePicker', 'DateTimePicker', 'TimePicker'];
const LAZY_PICKER = '\0lazy-picker:';

/**
 * material-react-table imports the MUI date pickers for its date filter inputs, which mDIS never
 * shows (its filter-by-value row is text): they would put 140 KB gzip into the form page's chunk.
 * Here its imports get a stand-in that loads the real picker the first time one is rendered.
 */
function lazyTableDatePickers(): Plugin {
  return {
    name: 'mdis:lazy-table-date-pickers',
    enforce: 'pre',
    resolveId(source, importer) {
      const name = source.replace('@mui/x-date-pickers/', '');
      if (importer?.includes('material-react-table') && PICKERS.includes(name)) return `${LAZY_PICKER}${name}`;
      return null;
    },
    load(id) {
      if (!id.startsWith(LAZY_PICKER)) return null;
      const name = id.slice(LAZY_PICKER.length);
      return `import { createElement, lazy, Suspense } from 'react';
const Picker = lazy(() => import('@mui/x-date-pickers/${name}').then((m) => ({ default: m.${name} })));
export function ${name}(props) { return createElement(Suspense, { fallback: null }, createElement(Picker, props)); }`;
    },
  };
}

/**
 * material-react-table's tooltips are MUI's until the person first points or types
 * (src/ui/DeferredTooltip.tsx says why); everything else keeps MUI's Tooltip.
 */
function deferredTableTooltips(): Plugin {
  const deferred = fileURLToPath(new URL('./src/ui/DeferredTooltip.tsx', import.meta.url));
  return {
    name: 'mdis:deferred-table-tooltips',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@mui/material/Tooltip' && importer?.includes('material-react-table') ? deferred : null;
    },
  };
}

export default defineConfig({
  define: { __MDIS_VERSION__: JSON.stringify(pkg.version), __MDIS_STYLES_VERSION__: JSON.stringify(STYLES_VERSION) },
  plugins: [
    lazyTableDatePickers(),
    deferredTableTooltips(),
    routePreload(ROUTE_CHUNKS, ROOT),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['mdis-icon.svg'],
      manifest: {
        name: DEFAULT_APP_CONFIG.AppName,
        short_name: DEFAULT_APP_CONFIG.AppShortName,
        description: 'Drilling information system for scientific drilling projects',
        theme_color: PRIMARY_COLOR,
        background_color: '#121212',
        display: 'standalone',
        start_url: '.',
        icons: [{ src: 'mdis-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: SERVER_PATHS.map((p) => new RegExp(`^${p}(/|$)`)),
        cleanupOutdatedCaches: true,
      },
    }),
    // Last, once every file (the offline worker too) is written: brotli and gzip copies beside them.
    {
      name: 'mdis-precompress',
      apply: 'build',
      enforce: 'post',
      closeBundle: { order: 'post', handler: () => void precompressDir(OUT_DIR) },
    },
  ],
  server: {
    proxy: Object.fromEntries(SERVER_PATHS.map((p) => [p, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // The entry's whole static graph as one chunk, the entry itself. Left to itself the bundler cut
        // it into some 27 files (one per set of pages sharing a module), every one of them a request
        // before the entry can run, six at a time over HTTP/1.1, and a module boundary that gzips
        // worse (issue 18: a cold visit; 199.5 -> 188.6 KB gzip). '$initial' is the bundler's own
        // mark for what the entry needs once unused imports are dropped (the shared package's index
        // re-exports everything; the schema library stays out). Not the route preload script: it
        // must not wait for the entry's graph.
        advancedChunks: {
          groups: [
            { name: 'index', tags: ['$initial'], test: (id) => !PRELOAD_SCRIPT.test(id), priority: 10 },
            // the MUI parts of the landing pages, beyond the entry's (build/landingChunks.ts)
            { name: LANDING_MUI.shared, priority: 5 },
            { name: LANDING_MUI.first, priority: 3 },
          ],
        },
      },
    },
  },
});
