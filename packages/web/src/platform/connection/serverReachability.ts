/**
 * Whether the server answers (issue 22 item 6). The API client reports every request's outcome
 * here; while the server is unreachable, the app polls the health route and recovers by itself
 * when it answers again (useServerRecovery), instead of waiting for a reload.
 */
type Listener = (reachable: boolean) => void;

let reachable = true;
const listeners = new Set<Listener>();

function set(next: boolean): void {
  if (next === reachable) return;
  reachable = next;
  for (const listener of listeners) listener(next);
}

export const serverReachability = {
  isReachable: (): boolean => reachable,
  /** A request got no answer at all (network down, server stopped). */
  markUnreachable: (): void => set(false),
  /** Any answer from the server, error statuses included. */
  markReachable: (): void => set(true),
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
