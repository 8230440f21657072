import { useSyncExternalStore } from 'react';
import { queuedFiles, type QueuedFileInfo } from './offlineFiles';
import { keptScopes, lastSync, queue, type KeptScope } from './offlineStore';
import type { QueuedOperation } from './syncQueue';

/** What the status chip shows: the queue, the last sync, the scopes kept offline. */
export interface OfflineStatus {
  /** Queued changes and files. */
  pending: number;
  /** Files chosen offline, waiting for the network (and their record) to be uploaded. */
  files: QueuedFileInfo[];
  /** Queued operations the server refused: the user has to look at them. */
  refused: QueuedOperation[];
  lastSync: string | null;
  syncing: boolean;
  scopes: KeptScope[];
  /** Why the last sync stopped, when it failed. */
  error: string | null;
}

let status: OfflineStatus = {
  pending: 0,
  files: [],
  refused: [],
  lastSync: null,
  syncing: false,
  scopes: [],
  error: null,
};
const listeners = new Set<() => void>();

function set(next: Partial<OfflineStatus>): void {
  status = { ...status, ...next };
  for (const listener of listeners) listener();
}

/** Reads the queue and the last sync again after the store changed. */
export async function refreshOfflineStatus(): Promise<void> {
  const [ops, files, last, scopes] = await Promise.all([queue(), queuedFiles(), lastSync(), keptScopes()]);
  set({
    pending: ops.length + files.length,
    files,
    refused: ops.filter((op) => op.refused && op.refused.status !== 'skipped'),
    lastSync: last,
    scopes,
  });
}

export function notifyOfflineChange(): void {
  void refreshOfflineStatus();
}

export function setSyncState(syncing: boolean, error: string | null = null): void {
  set({ syncing, error });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useOfflineStatus(): OfflineStatus {
  return useSyncExternalStore(subscribe, () => status);
}
