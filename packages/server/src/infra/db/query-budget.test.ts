import { describe, expect, it } from 'vitest';
import { type BudgetClock, QueryBudget } from './query-budget';

/** A clock the test moves: wall time and CPU time advance separately, as on a loaded machine. */
function manualClock() {
  const clock = { wall: 0, cpu: 0 };
  const reader: BudgetClock = { now: () => clock.wall, cpuMs: () => clock.cpu };
  return { clock, reader };
}

/** Runs a statement that checks the budget `rows` times, advancing the clocks per row. */
function scan(budget: QueryBudget, rows: number, perRow: () => void): number {
  return budget.run(() => {
    for (let row = 1; row <= rows; row++) {
      perRow();
      budget.check();
    }
    return rows;
  });
}

describe('QueryBudget', () => {
  it('stops a statement that has worked past its budget', () => {
    const { clock, reader } = manualClock();
    const budget = new QueryBudget(500, reader);
    const run = () =>
      scan(budget, 10_000, () => {
        clock.wall += 1;
        clock.cpu += 1;
      });
    expect(run).toThrow(/^The filter took too long/);
  });

  it('lets a statement through that waited on a busy machine but did little work', () => {
    const { clock, reader } = manualClock();
    const budget = new QueryBudget(500, reader);
    // 1,600 rows: 1.6 s of wall time, of which only 160 ms on the CPU (descheduled 90% of it).
    const rows = scan(budget, 1_600, () => {
      clock.wall += 1;
      clock.cpu += 0.1;
    });
    expect(rows).toBe(1_600);
  });

  it('still stops a statement after ten budgets of wall time, however little CPU it used', () => {
    const { clock, reader } = manualClock();
    const budget = new QueryBudget(500, reader);
    const run = () =>
      scan(budget, 10_000, () => {
        clock.wall += 1;
        clock.cpu += 0.01;
      });
    expect(run).toThrow(/^The filter took too long/);
    expect(clock.wall).toBeGreaterThanOrEqual(5_000);
    expect(clock.wall).toBeLessThan(5_100);
  });

  it('reads no CPU time for a statement without per-row checks (a system call per statement)', () => {
    let reads = 0;
    const budget = new QueryBudget(500, { now: () => 0, cpuMs: () => (reads += 1) });
    expect(budget.run(() => 'page')).toBe('page');
    expect(reads).toBe(0);
  });
});
