import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { PermissionHolder } from '@mdis/shared';

/**
 * The first user after a start paid for the server's first touch of everything (issue 18: the first
 * list of 1M samples took 0.3-1.1 s, the next 3 ms): code not yet compiled by V8, the template
 * store, the generated hooks, SQLite's prepared statements and page cache, the static file
 * server. So once the server listens it asks, for itself, what a landing page asks first: the
 * config, the app's page, and the first page of each form's list (as a viewer: reading only). Off
 * the request path (after listen, one step a turn and only while no one else's request is being
 * answered: on 2 busy cores, a warm-up beside the first visit made it slower), bounded
 * (WARM_UP_BUDGET_MS), stopped by close; a step that fails is skipped, and the answers go nowhere.
 */

/** After this long the rest is left cold: a server with hundreds of forms warms its first ones. */
export const WARM_UP_BUDGET_MS = 5_000;

/** Who the warm-up reads as: one who may view every form, and do nothing else. */
export const WARM_UP_READER: PermissionHolder = { roles: ['viewer'], permissions: [] };

/** The first list a form screen asks for when it opens with the defaults (web: formStorage.ts). */
export const FIRST_LIST = { page: 1, 'per-page': 5, sort: 'id' } as const;

/** How often a warm-up held back by others' requests looks again. */
const IDLE_POLL_MS = 25;

export interface WarmUpSteps {
  /** Whether the server is answering anyone else's request now. */
  busy: () => boolean;
  /** Public GETs (the config, the app's page), through the whole HTTP stack. */
  get: (url: string) => Promise<unknown>;
  /** The names of the forms, in the order they are warmed. */
  forms: () => Promise<string[]>;
  /** A form's first list, as the list route reads it. */
  list: (form: string) => Promise<unknown>;
}

export interface WarmUpResult {
  /** The forms whose first list was read. */
  warmed: string[];
  /** Whether it stopped early (closed, or out of time). */
  stopped: boolean;
}

export async function warmUp(
  steps: WarmUpSteps,
  signal: AbortSignal,
  budgetMs = WARM_UP_BUDGET_MS,
): Promise<WarmUpResult> {
  const until = performance.now() + budgetMs;
  const goOn = async () => {
    await nextTurn(); // requests that came meanwhile go first
    // and while others are being answered it waits: it must not be what a first visit waits for
    while (steps.busy() && !signal.aborted && performance.now() < until) await sleep(IDLE_POLL_MS);
    return !signal.aborted && performance.now() < until;
  };
  const warmed: string[] = [];
  for (const url of ['/', '/api/v1/app/config']) {
    if (!(await goOn())) return { warmed, stopped: true };
    await steps.get(url).catch(() => undefined);
  }
  const forms = await steps.forms().catch(() => []);
  for (const form of forms) {
    if (!(await goOn())) return { warmed, stopped: true };
    const read = await steps.list(form).then(
      () => true,
      () => false,
    );
    if (read) warmed.push(form);
  }
  return { warmed, stopped: false };
}
