import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PermissionHolder } from '@mdis/shared';

/**
 * The first user after a start paid for the server's first touch of everything (issue 18: the first
 * list of 1M samples took 0.3-1.1 s, the next 3 ms): code not yet compiled by V8, the template
 * store, the generated hooks, SQLite's prepared statements and page cache, the static file server.
 * So before it listens the server asks, for itself, what a landing page asks first: the app's page,
 * the config and the first page of each form's list (as a viewer: reading only), bounded by
 * WARM_UP_BUDGET_MS; a step that fails is skipped, and the answers go nowhere. Not after listen:
 * on two busy cores a warm-up beside the first visit (even one that waited while requests were
 * being answered) made that visit slower, not faster (bench:web, same sitting).
 */

/** After this long the rest is left cold: a server with hundreds of forms warms its first ones. */
export const WARM_UP_BUDGET_MS = 3_000;

/** Who the warm-up reads as: one who may view every form, and do nothing else. */
export const WARM_UP_READER: PermissionHolder = { roles: ['viewer'], permissions: [] };

/** The first list a form screen asks for when it opens with the defaults (web: formStorage.ts). */
export const FIRST_LIST = { page: 1, 'per-page': 5, sort: 'id' } as const;

export interface WarmUpSteps {
  /** Public GETs (the app's page, the config), through the whole HTTP stack. */
  get: (url: string) => Promise<unknown>;
  /** The names of the forms, in the order they are warmed. */
  forms: () => Promise<string[]>;
  /** A form's first list, as the list route reads it. */
  list: (form: string) => Promise<unknown>;
}

export interface WarmUpResult {
  /** The forms whose first list was read. */
  warmed: string[];
  /** Whether its time ran out before the last form. */
  stopped: boolean;
}

export async function warmUp(steps: WarmUpSteps, budgetMs = WARM_UP_BUDGET_MS): Promise<WarmUpResult> {
  const until = performance.now() + budgetMs;
  const goOn = async () => {
    await nextTurn(); // a step at a time: a timer or a signal due meanwhile is not held up
    return performance.now() < until;
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
