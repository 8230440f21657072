/** IndexedDB keeps records with indexes and structure: room for this many times the JSON size is asked for. */
export const STORAGE_OVERHEAD = 3;

export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Why a download of `bytes` would not fit in the browser's storage, or null when it fits (or the
 * browser does not say: then the download is tried).
 */
export async function quotaProblem(
  bytes: number,
  storage: Pick<StorageManager, 'estimate'> | null = 'storage' in navigator ? navigator.storage : null,
): Promise<string | null> {
  if (!storage) return null;
  const { quota, usage } = await storage.estimate();
  if (quota === undefined) return null;
  const free = quota - (usage ?? 0);
  const needed = bytes * STORAGE_OVERHEAD;
  if (needed <= free) return null;
  return `Not enough storage in this browser: the download needs about ${sizeText(needed)}, ${sizeText(Math.max(0, free))} are free. Free space (other sites' data) or choose a smaller scope.`;
}
