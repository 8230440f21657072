import { describe, expect, it } from 'vitest';
import { FORM_SHORTCUTS, shortcutOf, type KeyLike } from './shortcuts';

const press = (code: string, key: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  code,
  key,
  altKey: false,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('form shortcuts (spec 1 §2)', () => {
  it("lists exactly the keys of the original's shortcut table", () => {
    expect(Object.fromEntries(Object.values(FORM_SHORTCUTS).map((s) => [s.label, s.keys]))).toEqual({
      'focus filter': 'alt+1',
      'focus form': 'alt+2',
      'focus table': 'alt+3',
      'toggle filter by value': 'alt+f',
      'compact display': 'alt+shift+c',
      'open filter-by-value form': 'alt+shift+f',
      new: 'alt+shift+n',
      edit: 'alt+shift+e',
      duplicate: 'alt+shift+d',
      delete: 'alt+shift+del',
      save: 'alt+shift+s',
      cancel: 'esc',
    });
  });

  it.each([
    [press('Digit1', '1', { altKey: true }), 'focusFilter'],
    [press('Digit2', '2', { altKey: true }), 'focusForm'],
    [press('Digit3', '3', { altKey: true }), 'focusTable'],
    [press('KeyF', 'ƒ', { altKey: true }), 'toggleFilterByValue'],
    [press('KeyC', 'C', { altKey: true, shiftKey: true }), 'compactDisplay'],
    [press('KeyF', 'F', { altKey: true, shiftKey: true }), 'openFilterByValue'],
    [press('KeyN', 'N', { altKey: true, shiftKey: true }), 'new'],
    [press('KeyE', 'E', { altKey: true, shiftKey: true }), 'edit'],
    [press('KeyD', 'D', { altKey: true, shiftKey: true }), 'duplicate'],
    [press('Delete', 'Delete', { altKey: true, shiftKey: true }), 'delete'],
    [press('KeyS', 'S', { altKey: true, shiftKey: true }), 'save'],
    [press('Escape', 'Escape'), 'cancel'],
  ])('maps %o to %s', (event, action) => {
    expect(shortcutOf(event)).toBe(action);
  });

  it('ignores the same keys without their modifiers or with ctrl', () => {
    expect(shortcutOf(press('KeyS', 's'))).toBeUndefined();
    expect(shortcutOf(press('KeyS', 'S', { altKey: true }))).toBeUndefined();
    expect(shortcutOf(press('KeyS', 'S', { altKey: true, shiftKey: true, ctrlKey: true }))).toBeUndefined();
    expect(shortcutOf(press('Escape', 'Escape', { altKey: true }))).toBeUndefined();
  });
});
