import { afterEach, describe, expect, it } from 'vitest';
import { STORED_STYLES_KEY as KEPT_KEY } from './platform/styles/keepGeneratedStyles';
import { STORED_STYLES_KEY, parseStoredStyles, restoreStoredStyles } from './storedStyles';

const VERSION = 'stylis@4.2.0';
const stored = (value: unknown) => JSON.stringify(value);

describe('the styles an earlier visit generated', () => {
  afterEach(() => {
    localStorage.clear();
    for (const element of document.querySelectorAll('style[data-emotion]')) element.remove();
  });

  it('are read and written under one key', () => {
    expect(STORED_STYLES_KEY).toBe(KEPT_KEY);
  });

  it('are used only when they are for this version and well formed', () => {
    const good = { version: VERSION, names: ['1x2y3z', 'abc-MuiButton'], css: '.css-1x2y3z{color:red}' };
    expect(parseStoredStyles(stored(good), VERSION)).toEqual(good);
    expect(parseStoredStyles(stored(good), 'stylis@4.3.0')).toBeNull();
    expect(parseStoredStyles(null, VERSION)).toBeNull();
    expect(parseStoredStyles('{not json', VERSION)).toBeNull();
    expect(parseStoredStyles(stored({ ...good, names: [] }), VERSION)).toBeNull();
    expect(parseStoredStyles(stored({ ...good, names: ['a b'] }), VERSION)).toBeNull();
    expect(parseStoredStyles(stored({ ...good, names: ['x"><script>'] }), VERSION)).toBeNull();
    expect(parseStoredStyles(stored({ ...good, css: 7 }), VERSION)).toBeNull();
  });

  it("are put into the page as Emotion's server-rendered styles, which its cache takes as inserted", () => {
    const css = '.css-1x2y3z{color:red}';
    localStorage.setItem(STORED_STYLES_KEY, stored({ version: VERSION, names: ['1x2y3z', 'q9'], css }));
    expect(restoreStoredStyles(localStorage, document, VERSION)).toBe(true);
    const element = document.head.querySelector('style[data-emotion]');
    expect(element?.getAttribute('data-emotion')).toBe('css 1x2y3z q9');
    // not moved to the end of <head> by Emotion, which moves only server styles without data-s
    expect(element?.hasAttribute('data-s')).toBe(true);
    expect(element?.textContent).toBe(css);
  });

  it('of another version are removed and nothing is put into the page', () => {
    localStorage.setItem(STORED_STYLES_KEY, stored({ version: 'old', names: ['a1'], css: '.css-a1{}' }));
    expect(restoreStoredStyles(localStorage, document, VERSION)).toBe(false);
    expect(localStorage.getItem(STORED_STYLES_KEY)).toBeNull();
    expect(document.querySelector('style[data-emotion]')).toBeNull();
  });
});
