import { fileParentByKey } from '@mdis/shared';
import { offlineDb } from './offlineDb';
import { operationId, pendingText, realIdsByLocal } from './offlineStore';
import { fileQuotaProblem } from './storageQuota';

/**
 * Photos taken or chosen offline on the upload screen (issue 22 item 5): kept as blobs in the
 * browser with the record they belong to, uploaded once that record exists on the server. A file
 * of a record created offline waits under its temporary id, which the sync maps to the real one.
 */

/** The record a queued file goes to: the upload's parent column and that record's id. */
export interface FileTarget {
  /** The parent select's key ('core', 'section', ...). */
  key: string;
  /** The archive file's column the upload names ('core_id'). */
  column: string;
  /** Negative: a record created offline, not yet on the server. */
  id: number;
  /** How the screen names the record: its (provisional) combined id. */
  label: string;
}

export interface StoredFile {
  seq?: number;
  /** The client operation id: a repeated upload of this file is answered, not created twice. */
  opId: string;
  name: string;
  size: number;
  /** The file type it is uploaded as ('' : the server's default). */
  type: string;
  blob: Blob;
  target: FileTarget;
  /** Why the last upload failed; the next sync tries again. */
  error?: string;
}

/** What the screens list: a queued file without its bytes. */
export type QueuedFileInfo = Omit<StoredFile, 'blob'>;

/** The deepest record of a route filter (`core:-3`): where files chosen offline go. */
export function fileTargetOf(routeFilter: Partial<Record<string, number | string>>, keys: readonly string[]) {
  let found: Omit<FileTarget, 'label'> | null = null;
  for (const key of keys) {
    const id = Number(routeFilter[key]);
    const column = fileParentByKey(key)?.column;
    if (Number.isInteger(id) && id !== 0 && column) found = { key, column, id };
  }
  return found;
}

/** The target with a temporary id the sync mapped replaced by the real one (else unchanged). */
export function mappedTarget(target: FileTarget, idMap: Readonly<Record<string, number>>): FileTarget {
  if (target.id > 0) return target;
  const real = realIdsByLocal(idMap).get(target.id);
  return real === undefined ? target : { ...target, id: real };
}

/** The record's name as the screens show it: its combined id, marked pending while it is. */
export async function targetLabel(key: string, id: number): Promise<string> {
  const level = fileParentByKey(key);
  const stored = (
    await offlineDb()
      .records.where('model')
      .equals(level?.model ?? '')
      .toArray()
  ).find((row) => row.id === id);
  if (stored?.pendingFields?.includes('combined_id')) return pendingText(stored, 'combined_id');
  const combined = stored?.record.combined_id;
  return typeof combined === 'string' && combined ? combined : `${level?.label ?? key} ${String(id)}`;
}

/** Keeps a file for later; answers why it cannot (the browser's storage is full), else null. */
export async function queueFile(file: File, type: string, target: FileTarget): Promise<string | null> {
  const problem = await fileQuotaProblem(file.name, file.size);
  if (problem) return problem;
  await offlineDb().files.add({ opId: operationId(), name: file.name, size: file.size, type, blob: file, target });
  return null;
}

export async function queuedFiles(): Promise<QueuedFileInfo[]> {
  return (await offlineDb().files.orderBy('seq').toArray()).map(({ blob: _blob, ...info }) => info);
}

/** After a sync: files of records created offline name the records' real ids (in the sync's transaction). */
export async function remapQueuedFiles(idMap: Readonly<Record<string, number>>): Promise<void> {
  const files = offlineDb().files;
  for (const file of await files.toArray()) {
    const target = mappedTarget(file.target, idMap);
    if (target !== file.target) await files.put({ ...file, target });
  }
}

/**
 * Uploads the queued files whose record is on the server, one by one; an uploaded file leaves the
 * queue, a failed one stays with its error. Answers how many went up.
 */
export async function uploadQueuedFiles(send: (file: StoredFile) => Promise<unknown>): Promise<number> {
  const files = offlineDb().files;
  let sent = 0;
  for (const file of await files.orderBy('seq').toArray()) {
    if (file.target.id < 0 || file.seq === undefined) continue;
    try {
      await send(file);
      await files.delete(file.seq);
      sent += 1;
    } catch (error) {
      await files.update(file.seq, { error: error instanceof Error ? error.message : String(error) });
    }
  }
  return sent;
}
