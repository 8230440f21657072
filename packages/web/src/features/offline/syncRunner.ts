import { SYNC_BATCH_MAX, type OfflineScope, type OfflineScopeEstimate, type SyncResponse } from '@mdis/shared';
import { api } from '../../platform/api/apiClient';
import { errorMessage } from '../../platform/api/ApiError';
import { readStoredUser } from '../../platform/session/userStorage';
import { uploadFile } from '../files/uploadRequest';
import { offlineDb } from './offlineDb';
import { remapQueuedFiles, uploadQueuedFiles, type StoredFile } from './offlineFiles';
import { notifyOfflineChange, setSyncState } from './offlineStatus';
import {
  applyUpdates,
  isOwner,
  keptScopes,
  queue,
  replaceQueue,
  saveScope,
  setLastSync,
  type KeptScope,
} from './offlineStore';
import { applySyncResponse, nextUpload } from './syncQueue';

/**
 * The sync (issue 22 item 3): the queue replayed in order through `POST api/v1/sync`, in uploads of
 * at most SYNC_BATCH_MAX operations; the store takes the server's answers and the queue keeps what
 * the user has to look at. Also the scope downloads and their background refresh.
 */

/** How old a kept scope may get before it is read again in the background (while online). */
export const SCOPE_REFRESH_MS = 15 * 60_000;
/** Uploads one sync makes at most: a queue of skipped operations must not loop for ever. */
const MAX_UPLOADS = 100;

export interface SyncSummary {
  uploaded: number;
  applied: number;
  refused: number;
  /** Every tempId the server mapped to a real id in this sync. */
  idMap: Record<string, number>;
  /** Queued files uploaded to their records. */
  files: number;
}

let running: Promise<SyncSummary> | null = null;

async function uploadAll(): Promise<SyncSummary> {
  const summary: SyncSummary = { uploaded: 0, applied: 0, refused: 0, idMap: {}, files: 0 };
  if (!(await isOwner())) return summary;
  for (let round = 0; round < MAX_UPLOADS; round++) {
    const current = await queue();
    const upload = nextUpload(current, SYNC_BATCH_MAX);
    if (upload.length === 0) break;
    const response = await api.post<SyncResponse>('sync', { operations: upload });
    const outcome = applySyncResponse(current, response);
    const db = offlineDb();
    // files queued for a record created offline follow it to its real id in the same step
    await db.transaction('rw', [db.records, db.files], async () => {
      await applyUpdates(outcome.updates, response.idMap);
      await remapQueuedFiles(response.idMap);
    });
    await replaceQueue(outcome.queue);
    summary.uploaded += upload.length;
    summary.applied += outcome.updates.length;
    summary.refused = outcome.refused.length;
    Object.assign(summary.idMap, response.idMap);
    // nothing went through: what is left waits for the user (or for a record it names)
    if (outcome.updates.length === 0) break;
  }
  summary.files = await uploadQueuedFiles(sendQueuedFile);
  return summary;
}

/** One queued file to its record, under its operation id (a repeat answers the first upload's file). */
function sendQueuedFile(file: StoredFile): Promise<unknown> {
  const named = new File([file.blob], file.name, { type: file.blob.type });
  const fields = { type: file.type || undefined, [file.target.column]: String(file.target.id), opId: file.opId };
  return uploadFile(named, { token: readStoredUser()?.token, onProgress: () => undefined, fields });
}

/** Uploads the queue; one sync at a time (a second call joins the running one). */
export function syncNow(): Promise<SyncSummary> {
  running ??= (async () => {
    setSyncState(true);
    try {
      const summary = await uploadAll();
      await setLastSync(new Date().toISOString());
      setSyncState(false);
      return summary;
    } catch (error) {
      setSyncState(false, errorMessage(error));
      throw error;
    } finally {
      running = null;
      notifyOfflineChange();
    }
  })();
  return running;
}

export function estimateScope(form: string, id: number): Promise<OfflineScopeEstimate> {
  return api.get<OfflineScopeEstimate>('offline/scope', { form, id, estimate: 1 });
}

/** Downloads a scope and stores it; answers what it cost (bytes of JSON, milliseconds). */
export async function downloadScope(form: string, id: number): Promise<KeptScope> {
  const started = performance.now();
  const scope = await api.get<OfflineScope>('offline/scope', { form, id });
  const bytes = new TextEncoder().encode(JSON.stringify(scope)).length;
  const kept = await saveScope(scope, { bytes, ms: Math.round(performance.now() - started) });
  notifyOfflineChange();
  return kept;
}

/** Online with nothing queued: scopes older than SCOPE_REFRESH_MS are read again. */
export async function refreshStaleScopes(now = Date.now()): Promise<void> {
  if ((await queue()).length > 0 || !(await isOwner())) return;
  for (const scope of await keptScopes()) {
    if (now - Date.parse(scope.takenAt) > SCOPE_REFRESH_MS) await downloadScope(scope.form, scope.id);
  }
}
