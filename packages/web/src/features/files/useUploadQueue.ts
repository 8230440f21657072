import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import {
  UPLOAD_MESSAGES,
  addToQueue,
  nextToUpload,
  removeEntry,
  retryFailed,
  updateEntry,
  type QueueRules,
  type QueuedFile,
} from './uploadQueue';

export type UploadOne = (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<unknown>;

export interface UploadQueueOptions {
  rules: QueueRules;
  upload: UploadOne;
  /** Called after each file that reached the server; the file has then left the queue. */
  onUploaded: (name: string, answer: unknown) => void;
}

/**
 * The upload queue of spec 1 §4: files upload one by one, each with its progress; uploaded files
 * leave the queue, failed ones stay (marked) for another try.
 */
export function useUploadQueue({ rules, upload, onUploaded }: UploadQueueOptions) {
  const { notify, warn } = useNotifications();
  const [queue, setQueueState] = useState<QueuedFile[]>([]);
  const [running, setRunning] = useState(false);
  // The loop reads the latest queue between awaits: files added meanwhile are uploaded too.
  const current = useRef<QueuedFile[]>([]);
  const aborter = useRef<AbortController | null>(null);
  const setQueue = useCallback((next: QueuedFile[]) => {
    current.current = next;
    setQueueState(next);
  }, []);

  useEffect(() => () => aborter.current?.abort(), []);

  const add = (files: readonly File[]) => {
    const change = addToQueue(current.current, files, rules);
    setQueue(change.queue);
    for (const error of change.errors) notify(error, 'warning');
  };

  const remove = (name: string) => {
    if (current.current.find((entry) => entry.name === name)?.status === 'uploading') return;
    setQueue(removeEntry(current.current, name));
  };

  const start = async () => {
    if (aborter.current) return;
    const controller = new AbortController();
    aborter.current = controller;
    setRunning(true);
    setQueue(retryFailed(current.current));
    for (let next = nextToUpload(current.current); next; next = nextToUpload(current.current)) {
      const { name, file } = next;
      setQueue(updateEntry(current.current, name, { status: 'uploading', progress: 0 }));
      try {
        const onProgress = (progress: number) => setQueue(updateEntry(current.current, name, { progress }));
        const answer = await upload(file, onProgress, controller.signal);
        setQueue(removeEntry(current.current, name));
        onUploaded(name, answer);
      } catch (error) {
        if (controller.signal.aborted) return;
        setQueue(updateEntry(current.current, name, { status: 'failed', error: errorMessage(error) }));
        warn(UPLOAD_MESSAGES.uploadFailed(name));
      }
    }
    aborter.current = null;
    setRunning(false);
  };

  return { queue, running, add, remove, start };
}
