// The styles MUI generated on an earlier visit, put back before the app runs (issue 18: a reload).
// On every load Emotion turns each styled component's styles into CSS and inserts it, one rule at a
// time, while React commits the first screen: on the form page some 650 rules, ~75 ms of the commit
// (stylis and insertRule) on this machine. The app keeps the rules it inserted
// (platform/styles/keepGeneratedStyles.ts); this puts them back as one <style> written as Emotion's
// own server rendering writes it, `data-emotion="css <name> <name> ..."`, which Emotion's cache reads
// when it is created: the names count as inserted and are not generated again. A name is a hash of
// the style's text, so a stored rule is only ever reused for the same style. Imported by
// routePreload.ts alone (so the bundler keeps it in that script's chunk, which runs before the entry).

/** The localStorage entry (platform/styles/keepGeneratedStyles.ts writes it; a test holds the two equal). */
export const STORED_STYLES_KEY = 'mdis-styles';

/** What is stored: the CSS of the rules the names stand for, for one version of the styling libraries. */
export interface StoredStyles {
  /** `__MDIS_STYLES_VERSION__` when stored: other libraries could write other CSS for a name. */
  version: string;
  names: string[];
  css: string;
}

/** An Emotion name (`<hash>` or `<hash>-<label>`): anything else is not ours. */
const NAME = /^[\w-]+$/;

/** The stored styles if they are for this version and well formed, else null. */
export function parseStoredStyles(raw: string | null, version: string): StoredStyles | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { version: storedVersion, names, css } = value as Record<string, unknown>;
  if (storedVersion !== version || typeof css !== 'string') return null;
  if (!Array.isArray(names) || names.length === 0) return null;
  if (!names.every((name): name is string => typeof name === 'string' && NAME.test(name))) return null;
  return { version, names, css };
}

/**
 * Puts the stored styles into the page as Emotion's server-rendered style element, before Emotion's
 * cache is created (the entry has not run yet). `data-s` keeps Emotion from moving it to the end of
 * <head>; MUI's cache puts it at its insertion point. Stored styles of another version are removed.
 */
export function restoreStoredStyles(storage: Storage, doc: Document, version: string): boolean {
  const raw = storage.getItem(STORED_STYLES_KEY);
  const stored = parseStoredStyles(raw, version);
  if (!stored) {
    if (raw !== null) storage.removeItem(STORED_STYLES_KEY);
    return false;
  }
  const style = doc.createElement('style');
  style.setAttribute('data-emotion', `css ${stored.names.join(' ')}`);
  style.setAttribute('data-s', '');
  style.textContent = stored.css;
  doc.head.prepend(style);
  return true;
}
