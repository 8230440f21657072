import { useEffect, useRef } from 'react';
import { shortcutOf, type ShortcutAction } from './shortcuts';

export type ShortcutHandlers = Partial<Record<ShortcutAction, () => void>>;

function dialogIsOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * Listens for the form shortcuts on the whole window while the form is shown. Esc is left to an
 * open dialog or popup (they close on it); the other shortcuts work everywhere.
 */
export function useFormShortcuts(handlers: ShortcutHandlers): void {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      const action = shortcutOf(event);
      if (!action) return;
      if (action === 'cancel' && (event.defaultPrevented || dialogIsOpen())) return;
      const handler = current.current[action];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => {
      window.removeEventListener('keydown', handleKeyDown);
    };
  }, []);
}
