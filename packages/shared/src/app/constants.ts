/** Business constants of the shell (spec 1 §9, spec 2 §9). */
export const SNACKBAR_TIMEOUT_MS = 6000;
export const WARNING_TIMEOUT_MS = 30000;
/** A snackbar text longer than this is shown on several lines. */
export const SNACKBAR_MULTILINE_OVER = 50;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PRIMARY_COLOR = '#03A9F4';
export const DARK_MODE_DEFAULT = true;
export const FAVORITE_FORMS_SAVE_DEBOUNCE_MS = 1000;

/** Layout breakpoints: under 600 px, 600-960, 960-1264, over 1264. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 } as const;

/** Browser storage keys (spec 2 §9). */
export const STORAGE_KEYS = {
  theme: 'theme',
  compact: 'compact',
  facetSearch: 'facetSearch',
  recoveryEmailSentAt: 'recovery-email-sent_at',
  user: 'user',
} as const;

/** The mDIS version whose API and templates this application is compatible with (spec 1 §9). */
export const COMPATIBLE_VERSION_INFO = {
  version: 'v3.0.0',
  branch: 'master',
  commitdate: '2023-04-03',
} as const;

export const NOT_FOUND_PAGE_TEXT = { title: 'HTTP Error 404', message: 'Page not found.' } as const;
