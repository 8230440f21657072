import { useSyncExternalStore } from 'react';
import { setOfflineResponder } from '../../platform/api/offlineResponder';
import { startOfflineWorker } from '../../platform/offline-worker/offlineWorker';

/**
 * Plugs offline work (issue 22) into the API client at start. Kept tiny and free of the store:
 * the store (Dexie) and the responder load as their own chunk, and only once the user has kept a
 * scope offline in this browser, so the first load of everyone else stays as it was.
 */

const KEPT_FLAG = 'mdis.offline.kept';
const KEPT_EVENT = 'mdis-offline-kept';

export function markKeptOffline(): void {
  // a reload without a network needs the app shell in the worker's cache: no waiting for its delay
  startOfflineWorker();
  localStorage.setItem(KEPT_FLAG, '1');
  window.dispatchEvent(new Event(KEPT_EVENT));
}

/** The last scope removed: the browser stops answering offline (and the top bar's status goes). */
export function unmarkKeptOffline(): void {
  localStorage.removeItem(KEPT_FLAG);
  window.dispatchEvent(new Event(KEPT_EVENT));
}

export function isKeptOffline(): boolean {
  try {
    return localStorage.getItem(KEPT_FLAG) === '1';
  } catch {
    return false;
  }
}

const responderChunk = () => import('./offlineResponder');

export function registerOffline(): void {
  setOfflineResponder({
    answer: async (request) => (isKeptOffline() ? (await responderChunk()).answerOffline(request) : undefined),
    answered: (request, data) => {
      if (isKeptOffline()) void responderChunk().then((chunk) => chunk.keepAnswer(request, data));
    },
  });
}

const subscribeKept = (listener: () => void) => {
  window.addEventListener(KEPT_EVENT, listener);
  return () => window.removeEventListener(KEPT_EVENT, listener);
};

/** Whether this browser keeps a scope offline (the top bar then shows the offline status). */
export function useKeptOffline(): boolean {
  return useSyncExternalStore(subscribeKept, isKeptOffline);
}
