import type { HistoryEntry } from '@mdis/shared';

/** `2026-11-25T23:28:40.577Z` → `2026-11-25 23:28:40`: the audit's tables show UTC to the second. */
export function auditTime(entry: Pick<HistoryEntry, 'at'>): string {
  return entry.at.replace('T', ' ').slice(0, 19);
}
