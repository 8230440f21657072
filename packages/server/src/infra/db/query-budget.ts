import { AppError } from '@mdis/shared';

/**
 * How long one read statement may run its per-row JavaScript (SQLite's REGEXP) or, on PostgreSQL,
 * a filtered list query. better-sqlite3 runs on the event loop: while a statement runs, no other
 * request is answered and a client that has gone cannot even be noticed, so the bound is what stops
 * the work. A list runs two statements (count, page): a request holds the loop for at most ~2×.
 * 500 ms lets a plain text filter over a million samples through (about 380 ms of regex work on a
 * 2-core machine, the bench's S3) while a runaway pattern is stopped in half a second; a trigram
 * index that narrows the rows first (issue 17) is what brings such filters far below it.
 */
export const QUERY_BUDGET_MS = 500;

/**
 * PostgreSQL runs a regex filter off the event loop, so it may take longer; statement_timeout
 * stops it (also when its client has gone) instead of letting it burn a core.
 */
export const POSTGRES_FILTER_TIMEOUT_MS = 5000;

/** The answer when a statement ran out of its budget (a 400: only a narrower filter helps). */
export function queryTooLongError(): AppError {
  return new AppError(
    'BAD_REQUEST',
    'The filter took too long and was stopped; narrow it, e.g. anchor the pattern with ^ or filter on fewer rows.',
  );
}

// performance.now() costs ~40 ns against microseconds per regex test; every 16 rows keeps a
// sub-millisecond granularity.
const CHECK_EVERY = 16;

/** What a budget reads: the wall clock, and the CPU time this process has used (both in ms). */
export interface BudgetClock {
  now(): number;
  cpuMs(): number;
}

const processClock: BudgetClock = {
  now: () => performance.now(),
  cpuMs: () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  },
};

/**
 * However busy the machine, a statement is never held longer than this many budgets of wall time
 * (the event loop stays blocked while it runs).
 */
const WALL_LIMIT_FACTOR = 10;

/**
 * The deadline of the SQLite statement running now. Statements run one at a time on the one
 * connection (synchronously), so one budget per connection is exact: the statement wrapper starts
 * it, per-row functions call {@link QueryBudget.check}, which throws past the deadline; SQLite aborts
 * the statement (a write rolls back to before it) and the error reaches the client.
 *
 * The budget is work, not waiting: on a loaded machine a statement may be descheduled for longer
 * than its budget while doing little. The cheap wall clock is checked per row; only when it passes
 * the deadline is the process's CPU time read (a system call), and a statement that has used less
 * CPU than its budget gets the rest as a new deadline, up to {@link WALL_LIMIT_FACTOR} budgets.
 */
export class QueryBudget {
  private deadline = Number.POSITIVE_INFINITY;
  private started = 0;
  private cpuStarted: number | undefined;
  private calls = 0;

  constructor(
    private readonly budgetMs: number = QUERY_BUDGET_MS,
    private readonly clock: BudgetClock = processClock,
  ) {}

  /** Runs one statement under the budget; nested runs keep the outer deadline. */
  run<T>(statement: () => T): T {
    if (this.deadline !== Number.POSITIVE_INFINITY) return statement();
    this.started = this.clock.now();
    // Read at the first check, not here: most statements never check (no per-row function), and
    // process.cpuUsage() is a system call that took 9% of the server's CPU in bench S1/S2 (SQLite).
    this.cpuStarted = undefined;
    this.deadline = this.started + this.budgetMs;
    this.calls = 0;
    try {
      return statement();
    } finally {
      this.deadline = Number.POSITIVE_INFINITY;
    }
  }

  check(): void {
    this.calls += 1;
    if (this.cpuStarted === undefined) this.cpuStarted = this.clock.cpuMs();
    if (this.calls % CHECK_EVERY !== 0) return;
    const now = this.clock.now();
    if (now <= this.deadline) return;
    const cpuLeft = this.budgetMs - (this.clock.cpuMs() - this.cpuStarted);
    const wallLimit = this.started + this.budgetMs * WALL_LIMIT_FACTOR;
    if (cpuLeft <= 0 || now >= wallLimit) throw queryTooLongError();
    this.deadline = Math.min(now + cpuLeft, wallLimit);
  }
}
