/// <reference types="vite/client" />

/** The package version, injected at build time. */
declare const __MDIS_VERSION__: string;
