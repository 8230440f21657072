import { useMemo } from 'react';
import { ASSIGN_SELECTS } from './assignSelects';
import { fileTargetOf, queueFile, targetLabel } from '../offline/offlineFiles';
import { notifyOfflineChange } from '../offline/offlineStatus';
import { parseRouteFilter } from '../../engine/filter-bar/filterCascade';
import { useNotifications } from '../../platform/notifications/NotificationsContext';

const plural = (count: number) => `${String(count)} ${count === 1 ? 'file' : 'files'}`;

/**
 * Offline, or for a record created offline, the upload screen keeps the chosen files in the browser
 * for the record its filter names (issue 22 item 5). `keep` answers the names it kept.
 */
export function useKeepForLater(filter: string | null, online: boolean) {
  const { notify } = useNotifications();
  const target = useMemo(
    () =>
      fileTargetOf(
        parseRouteFilter(filter),
        ASSIGN_SELECTS.map((select) => select.key),
      ),
    [filter],
  );
  const active = !online || (target !== null && target.id < 0);

  const keep = async (files: readonly File[], type: string): Promise<string[]> => {
    if (!target) return [];
    const label = await targetLabel(target.key, target.id);
    const kept: string[] = [];
    for (const file of files) {
      const problem = await queueFile(file, type, { ...target, label });
      if (problem) notify(problem, 'error');
      else kept.push(file.name);
    }
    notifyOfflineChange();
    if (kept.length > 0) notify(`Kept ${plural(kept.length)} for ${label} until the network is back`, 'success');
    return kept;
  };

  return { active, target, keep };
}
