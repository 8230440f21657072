import { useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';

/**
 * The offline worker (the service worker that keeps the app shell for work without a network).
 * Its first install downloads the whole app, every page's chunk (about 160 files, 2.9 MB), from the
 * same server that answers the API. Registered at once, that download ran beside a cold visit's
 * own chunks and API calls, and its first screen waited for both (issue 18). So it registers a
 * while after the page has loaded, or at once when the user keeps data offline.
 */
export const WORKER_DELAY_MS = 10_000;

let updateWorker: ((reloadPage?: boolean) => Promise<void>) | undefined;
let needRefresh = false;
const listeners = new Set<() => void>();

function setNeedRefresh(value: boolean): void {
  needRefresh = value;
  for (const listener of listeners) listener();
}

/** Registers the offline worker now (once); later calls do nothing. */
export function startOfflineWorker(): void {
  updateWorker ??= registerSW({ onNeedRefresh: () => setNeedRefresh(true) });
}

/** Registers the offline worker `WORKER_DELAY_MS` after the page's load event. */
export function startOfflineWorkerAfterLoad(): void {
  const later = () => setTimeout(startOfflineWorker, WORKER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a new build is waiting, and how to switch to it or put the question off. */
export function useWorkerUpdate() {
  return {
    needRefresh: useSyncExternalStore(subscribe, () => needRefresh),
    update: () => void updateWorker?.(true),
    later: () => setNeedRefresh(false),
  };
}
