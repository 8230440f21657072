/** The keyboard shortcuts of the generic form, exactly the keys and labels of the original's table (spec 1 §2). */
export const FORM_SHORTCUTS = {
  focusFilter: { keys: 'alt+1', label: 'focus filter', code: 'Digit1', key: '1', alt: true, shift: false },
  focusForm: { keys: 'alt+2', label: 'focus form', code: 'Digit2', key: '2', alt: true, shift: false },
  focusTable: { keys: 'alt+3', label: 'focus table', code: 'Digit3', key: '3', alt: true, shift: false },
  toggleFilterByValue: {
    keys: 'alt+f',
    label: 'toggle filter by value',
    code: 'KeyF',
    key: 'f',
    alt: true,
    shift: false,
  },
  compactDisplay: { keys: 'alt+shift+c', label: 'compact display', code: 'KeyC', key: 'c', alt: true, shift: true },
  openFilterByValue: {
    keys: 'alt+shift+f',
    label: 'open filter-by-value form',
    code: 'KeyF',
    key: 'f',
    alt: true,
    shift: true,
  },
  new: { keys: 'alt+shift+n', label: 'new', code: 'KeyN', key: 'n', alt: true, shift: true },
  edit: { keys: 'alt+shift+e', label: 'edit', code: 'KeyE', key: 'e', alt: true, shift: true },
  duplicate: { keys: 'alt+shift+d', label: 'duplicate', code: 'KeyD', key: 'd', alt: true, shift: true },
  delete: { keys: 'alt+shift+del', label: 'delete', code: 'Delete', key: 'delete', alt: true, shift: true },
  save: { keys: 'alt+shift+s', label: 'save', code: 'KeyS', key: 's', alt: true, shift: true },
  cancel: { keys: 'esc', label: 'cancel', code: 'Escape', key: 'escape', alt: false, shift: false },
} as const;

export type ShortcutAction = keyof typeof FORM_SHORTCUTS;

export interface KeyLike {
  code: string;
  key: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/**
 * The action a key press stands for. The physical key (`code`) decides, because alt changes the
 * character on some layouts (alt+f is 'ƒ' on a Mac); the character is the fallback.
 */
export function shortcutOf(event: KeyLike): ShortcutAction | undefined {
  if (event.ctrlKey || event.metaKey) return undefined;
  const key = event.key.toLowerCase();
  for (const [action, shortcut] of Object.entries(FORM_SHORTCUTS)) {
    if (event.altKey !== shortcut.alt || event.shiftKey !== shortcut.shift) continue;
    if (event.code === shortcut.code || key === shortcut.key || (shortcut.key === 'delete' && key === 'del'))
      return action as ShortcutAction;
  }
  return undefined;
}
