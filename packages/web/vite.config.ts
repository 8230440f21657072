import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressDir } from './build/precompress.ts';
// Relative imports: Vite bundles them into the config; a workspace package would be loaded raw by Node.
import { DEFAULT_APP_CONFIG } from '../shared/src/app/app-config.ts';
import { PRIMARY_COLOR } from '../shared/src/app/constants.ts';
import pkg from './package.json' with { type: 'json' };

// Paths the Node server answers itself: the dev server proxies them, the offline worker never
// answers them with the cached app shell.
const SERVER_PATHS = ['/api', '/cg', '/report', '/files'];
const API_TARGET = process.env.MDIS_API_TARGET ?? 'http://127.0.0.1:8080';
const OUT_DIR = fileURLToPath(new URL('./dist', import.meta.url));

export default defineConfig({
  define: { __MDIS_VERSION__: JSON.stringify(pkg.version) },
  plugins: [
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
  },
});
