// Windows of one browser share no memory: a write in one (a record saved, a file assigned or
// uploaded) reaches the others as a message on a BroadcastChannel, and they refetch what they show.
// Same origin only, and no message reaches the window that wrote (it refreshes itself).

const CHANNEL_NAME = 'mdis-data-changes';

export interface DataChange {
  /** What was written, for the record: the API path of the write. */
  path: string;
}

let channel: BroadcastChannel | null | undefined;

function sharedChannel(): BroadcastChannel | null {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  return channel;
}

/** Tells the other windows of this app that data changed. */
export function announceDataChange(change: DataChange): void {
  sharedChannel()?.postMessage(change);
}

/** Calls `listener` for every change another window announces; returns the unsubscribe. */
export function onDataChangeElsewhere(listener: (change: DataChange) => void): () => void {
  // The same channel object as the announcements: a BroadcastChannel never hears its own
  // messages, while a second one in this window would.
  const shared = sharedChannel();
  if (!shared) return () => undefined;
  const handle = (event: MessageEvent<DataChange>) => listener(event.data);
  shared.addEventListener('message', handle);
  return () => shared.removeEventListener('message', handle);
}
