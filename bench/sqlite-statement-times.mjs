// `npm run bench:import -- --sql-times FILE`: loaded into the server (node --import) before the app, it
// times every SQLite statement the server runs, summed per SQL text, and writes the 25 costliest to
// FILE when the server exits: where an import's time goes inside SQLite (the table's INSERT with its
// indexes, the history, the text index, the IGSN registry, the commits) and how much is left for the
// server's own JavaScript. Timing a statement costs ~1 µs: the figures are the bench's, not production's.
import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';

const file = process.env.MDIS_BENCH_SQL_TIMES;
if (file) {
  const probe = new Database(':memory:');
  const Statement = Object.getPrototypeOf(probe.prepare('SELECT 1'));
  probe.close();
  /** SQL text (whitespace folded, VALUES lists shortened) → [calls, milliseconds]. */
  const times = new Map();
  const keyOf = (sql) =>
    sql
      .replace(/\s+/g, ' ')
      .replace(/(\((?:\?, )*\?\), )+/g, '(…), ')
      .slice(0, 300);
  for (const method of ['run', 'all', 'get']) {
    const original = Statement[method];
    Statement[method] = function timed(...parameters) {
      const started = performance.now();
      try {
        return original.apply(this, parameters);
      } finally {
        const key = keyOf(this.source);
        const entry = times.get(key) ?? [0, 0];
        entry[0] += 1;
        entry[1] += performance.now() - started;
        times.set(key, entry);
      }
    };
  }
  process.on('exit', () => {
    const rows = [...times].sort((a, b) => b[1][1] - a[1][1]);
    const total = rows.reduce((sum, [, [, ms]]) => sum + ms, 0);
    const lines = rows
      .slice(0, 25)
      .map(([sql, [calls, ms]]) => `${ms.toFixed(0).padStart(8)} ms ${String(calls).padStart(7)}×  ${sql}`);
    writeFileSync(file, [`${total.toFixed(0)} ms in all SQLite statements`, ...lines, ''].join('\n'));
  });
}
