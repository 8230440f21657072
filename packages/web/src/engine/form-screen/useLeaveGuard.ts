import { useCallback, useEffect, useRef, useState } from 'react';

export type LeaveAnswer = 'save' | 'discard' | 'cancel';

export interface LeaveGuard {
  /** Whether the Save / Discard / Cancel question is shown. */
  asking: boolean;
  /**
   * Runs `then` once the draft is out of the way: at once when nothing is unsaved, else after the
   * user saved (and the save succeeded) or discarded; not at all when the user cancels.
   */
  leave: (then: () => void) => void;
  answer: (choice: LeaveAnswer) => void;
}

/** In-app links (the menu, breadcrumbs, the brand) are hash routes. */
const IN_APP_LINK = 'a[href^="#/"]';

/**
 * Leaving a dirty draft asks first (issue 18 item 7): Esc, another record, a menu link, closing
 * the window. The menu's links are caught before the router sees them and followed after the answer.
 */
export function useLeaveGuard(dirty: boolean, save: () => Promise<boolean>, discard: () => void): LeaveGuard {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const latest = useRef({ dirty, save, discard });
  useEffect(() => {
    latest.current = { dirty, save, discard };
  });

  const leave = useCallback((then: () => void) => {
    if (!latest.current.dirty) {
      then();
      return;
    }
    setPending(() => then);
  }, []);

  const answer = (choice: LeaveAnswer) => {
    const then = pending;
    setPending(null);
    if (!then || choice === 'cancel') return;
    if (choice === 'discard') {
      latest.current.discard();
      then();
      return;
    }
    void latest.current.save().then((saved) => {
      if (saved) then();
    });
  };

  useEffect(() => {
    if (!dirty) return;
    // the browser asks with its own words: a page being closed cannot show the three buttons
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const click = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(IN_APP_LINK) : null;
      if (!link || link.target === '_blank' || event.defaultPrevented) return;
      event.preventDefault();
      event.stopPropagation();
      const hash = link.getAttribute('href') ?? '#/';
      leave(() => {
        window.location.hash = hash;
      });
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty, leave]);

  return { asking: pending !== null, leave, answer };
}
