import { useEffect } from 'react';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';

// Keeps the CSS that MUI's styles generated in this page for the next load, which puts it back
// before the app runs (src/storedStyles.ts says why). Written when the page is idle, a second
// after it starts and again whenever more styles have been generated since (EARLY_CHECKS_MS), never
// on the way to a screen.

/** The localStorage entry src/storedStyles.ts reads (a test holds the two equal). */
export const STORED_STYLES_KEY = 'mdis-styles';

/** More CSS than this is not kept (the form page's is ~90 KB; localStorage holds ~5 MB per site). */
export const MAX_STORED_CSS = 512 * 1024;

/**
 * When the page looks for styles generated since the last copy, and keeps them: a second after the
 * start (a reload a few seconds after a load found none at 3 s: bench:web's reload, 632 -> 514 ms
 * median of 5 with 1 s), again a few times in the first seconds (a page still on its way to its first
 * screen a second after the start, as on a busy machine, had only the shell's styles kept until the
 * next look, 20 s later), then every 20 s.
 */
export const EARLY_CHECKS_MS = [1_000, 3_000, 6_000, 10_000];
const CHECK_EVERY_MS = 20_000;

const NAME = /^[\w-]+$/;

type EmotionCache = NonNullable<ReturnType<typeof useEmotionCache>>;

/**
 * The names the cache has inserted and the CSS rules they stand for: every rule of the cache's style
 * elements (`data-emotion="css"`, and the restored `data-emotion="css <names>"`), read back from the
 * browser's stylesheets (Emotion inserts with insertRule: the elements have no text). Null when
 * there is nothing or too much.
 */
export function generatedStyles(cache: EmotionCache, doc: Document, version: string) {
  const names = Object.keys(cache.inserted).filter((name) => cache.inserted[name] === true && NAME.test(name));
  if (names.length === 0) return null;
  const elements = doc.querySelectorAll<HTMLStyleElement>(
    `style[data-emotion="${cache.key}"], style[data-emotion^="${cache.key} "]`,
  );
  const rules: string[] = [];
  for (const element of elements) for (const rule of element.sheet?.cssRules ?? []) rules.push(rule.cssText);
  const css = rules.join('\n');
  if (css.length === 0 || css.length > MAX_STORED_CSS) return null;
  return { version, names, css };
}

function save(cache: EmotionCache, version: string): void {
  const styles = generatedStyles(cache, document, version);
  if (!styles) return;
  try {
    localStorage.setItem(STORED_STYLES_KEY, JSON.stringify(styles));
  } catch {
    // storage full or denied: the next load generates its styles as it always could
  }
}

const whenIdle = (run: () => void) =>
  'requestIdleCallback' in globalThis ? requestIdleCallback(run, { timeout: 5_000 }) : setTimeout(run, 0);

/** Keeps the page's generated styles for the next load; once, inside MUI's StyledEngineProvider. */
export function useKeepGeneratedStyles(version: string = __MDIS_STYLES_VERSION__): void {
  const cache = useEmotionCache();
  useEffect(() => {
    if (!cache) return;
    let savedCount = 0;
    const saveIfGrown = () =>
      whenIdle(() => {
        const count = Object.keys(cache.inserted).length;
        if (count === savedCount) return;
        savedCount = count;
        save(cache, version);
      });
    const early = EARLY_CHECKS_MS.map((ms) => setTimeout(saveIfGrown, ms));
    const checks = setInterval(saveIfGrown, CHECK_EVERY_MS);
    return () => {
      early.forEach(clearTimeout);
      clearInterval(checks);
    };
  }, [cache, version]);
}
