import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __MDIS_VERSION__: JSON.stringify('0.0.0-test'), __MDIS_STYLES_VERSION__: JSON.stringify('styles-test') },
  resolve: {
    // The PWA plugin's virtual module only exists in a Vite build; tests get an inert stand-in.
    alias: {
      'virtual:pwa-register': fileURLToPath(new URL('./src/test/pwaRegisterStub.ts', import.meta.url)),
    },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'happy-dom',
    // Wide enough for the permanent drawer (over 1264 px).
    environmentOptions: {
      // Stylesheets are never fetched in tests; a <link> counts as loaded.
      happyDOM: { width: 1400, height: 900, settings: { handleDisabledFileLoadingAsSuccess: true } },
    },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
