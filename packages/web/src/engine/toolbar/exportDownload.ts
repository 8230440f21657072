/**
 * An export of a whole list, downloaded by the page itself (not a new tab) so that it can show how
 * far it got: the server streams the file and says up front how many records it holds
 * (`x-total-count`); the page counts the bytes as they arrive. The file is saved when complete.
 */
export interface ExportProgress {
  /** The export's title, as the menu shows it. */
  title: string;
  /** Records in the export (undefined until the server answered). */
  records: number | undefined;
  bytes: number;
}

type Listener = () => void;
let current: ExportProgress | null = null;
const listeners = new Set<Listener>();

function publish(next: ExportProgress | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** The running export, for useSyncExternalStore. */
export const exportProgressStore = {
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): ExportProgress | null => current,
};

/** `attachment; filename="Sample-2026-11-26.csv"` → the name; a fallback without one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** The server's message of a refused export (mDIS error JSON), else the status. */
async function refusal(response: Response): Promise<Error> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return new Error(body.message);
  } catch {
    // not JSON: the status says enough
  }
  return new Error(`The export failed (${String(response.status)}).`);
}

/** Downloads `url` (the session cookie authenticates it), publishing progress, then saves it. */
export async function downloadExport(url: string, title: string): Promise<void> {
  publish({ title, records: undefined, bytes: 0 });
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok || !response.body) throw await refusal(response);
    const total = response.headers.get('x-total-count');
    const records = total === null ? undefined : Number(total);
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      chunks.push(part.value);
      bytes += part.value.length;
      publish({ title, records, bytes });
    }
    const blob = new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? '' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = fileNameOf(response.headers.get('content-disposition'), 'export');
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  } finally {
    publish(null);
  }
}
