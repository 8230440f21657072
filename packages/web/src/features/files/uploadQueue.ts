/** The upload messages, word for word as the original shows them (spec 1 §5, §8). */
export const UPLOAD_MESSAGES = {
  typesNotAllowed: (types: readonly string[]) => `only ${types.join(', ')} file types are allowed`,
  multipleNotAllowed: 'multiple file upload is not allowed',
  uploadFailed: (filename: string) => `error while uploading ${filename}`,
} as const;

export type QueueStatus = 'waiting' | 'uploading' | 'failed';

export interface QueuedFile {
  /** The file name: unique within the queue, since duplicates are ignored. */
  name: string;
  file: File;
  /** 0..100 */
  progress: number;
  status: QueueStatus;
  /** Why the last try failed (the server's message). */
  error?: string;
}

export interface QueueRules {
  /** File name extensions (without the dot, any case); none or empty: every type is allowed. */
  allowedTypes?: readonly string[];
  multiple: boolean;
}

export interface QueueChange {
  queue: QueuedFile[];
  /** Messages for the user: files that were refused. */
  errors: string[];
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isTypeAllowed(name: string, allowedTypes: readonly string[] | undefined): boolean {
  if (!allowedTypes || allowedTypes.length === 0) return true;
  const extension = extensionOf(name);
  return allowedTypes.some((type) => type.replace(/^\./, '').toLowerCase() === extension);
}

/**
 * Adds dropped or picked files to the queue: refused types are reported, names already queued
 * are skipped silently (the original ignores duplicate names; spec 1 §5), and a single-file uploader takes only one
 * file at a time, replacing what it held.
 */
export function addToQueue(queue: readonly QueuedFile[], files: readonly File[], rules: QueueRules): QueueChange {
  if (!rules.multiple && files.length > 1) return { queue: [...queue], errors: [UPLOAD_MESSAGES.multipleNotAllowed] };
  const errors: string[] = [];
  const allowed = files.filter((file) => isTypeAllowed(file.name, rules.allowedTypes));
  if (allowed.length < files.length) errors.push(UPLOAD_MESSAGES.typesNotAllowed(rules.allowedTypes ?? []));
  const base = rules.multiple ? [...queue] : allowed.length > 0 ? [] : [...queue];
  const names = new Set(base.map((entry) => entry.name));
  for (const file of allowed) {
    if (names.has(file.name)) continue;
    names.add(file.name);
    base.push({ name: file.name, file, progress: 0, status: 'waiting' });
  }
  return { queue: base, errors };
}

/** The next file to upload: waiting ones first, in queue order; failed ones only when asked to retry. */
export function nextToUpload(queue: readonly QueuedFile[]): QueuedFile | undefined {
  return queue.find((entry) => entry.status === 'waiting');
}

export function updateEntry(
  queue: readonly QueuedFile[],
  name: string,
  change: Partial<Pick<QueuedFile, 'progress' | 'status' | 'error'>>,
): QueuedFile[] {
  return queue.map((entry) => (entry.name === name ? { ...entry, ...change } : entry));
}

export function removeEntry(queue: readonly QueuedFile[], name: string): QueuedFile[] {
  return queue.filter((entry) => entry.name !== name);
}

/** Failed uploads go back to waiting, so 'Upload' tries them again. */
export function retryFailed(queue: readonly QueuedFile[]): QueuedFile[] {
  return queue.map((entry) =>
    entry.status === 'failed' ? { ...entry, status: 'waiting', progress: 0, error: undefined } : entry,
  );
}

/** '1.2 MB' */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit] ?? 'TB'}`;
}
