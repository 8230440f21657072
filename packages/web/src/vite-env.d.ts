/// <reference types="vite/client" />

/** The package version, injected at build time. */
declare const __MDIS_VERSION__: string;

/** The versions of the libraries that write MUI's CSS, injected at build time (src/storedStyles.ts). */
declare const __MDIS_STYLES_VERSION__: string;
