/** IndexedDB keeps records with indexes and structure: room for this many times the JSON size is asked for. */
export const STORAGE_OVERHEAD = 3;

type Storage = Pick<StorageManager, 'estimate'> | null;

const browserStorage = (): Storage => ('storage' in navigator ? navigator.storage : null);

export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The bytes this site may still store, or null when the browser does not say. */
export async function freeStorage(storage: Storage = browserStorage()): Promise<number | null> {
  if (!storage) return null;
  const { quota, usage } = await storage.estimate();
  return quota === undefined ? null : quota - (usage ?? 0);
}

/**
 * Why a download of `bytes` would not fit in the browser's storage, or null when it fits (or the
 * browser does not say: then the download is tried).
 */
export async function quotaProblem(bytes: number, storage: Storage = browserStorage()): Promise<string | null> {
  const free = await freeStorage(storage);
  const needed = bytes * STORAGE_OVERHEAD;
  if (free === null || needed <= free) return null;
  return `Not enough storage in this browser: the download needs about ${sizeText(needed)}, ${sizeText(Math.max(0, free))} are free. Free space (other sites' data) or choose a smaller scope.`;
}

/** Why a file chosen offline cannot be kept for later (a blob is stored as it is), or null. */
export async function fileQuotaProblem(name: string, bytes: number, storage: Storage = browserStorage()) {
  const free = await freeStorage(storage);
  if (free === null || bytes <= free) return null;
  return `Not enough storage in this browser to keep ${name} (${sizeText(bytes)}, ${sizeText(Math.max(0, free))} free) until the network is back. Free space or upload it when online.`;
}
