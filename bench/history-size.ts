// `node --import tsx bench/history-size.ts [-- --writes 20000 --samples 2000]`: how big the record
// history grows (issue 21 item 2). On a small generated dataset (SQLite, or PostgreSQL with
// BENCH_DATABASE_URL: give it a database of its own, the dataset is regenerated there) it creates
// half the writes as samples through the form API (S5's body) and changes a field of each as the
// other half, then prints the history's rows and bytes (table and each index) per row and per million
// writes. Small scale only: the bytes per row do not depend on the table's size.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { startServer } from '../e2e/support/server';
import { createDatabase } from '../packages/server/src/infra/db/database';
import type { DatabaseConfig } from '../packages/server/src/infra/db/dialect';
import { BENCH_ADMIN, prepareDataset } from './dataset';
import { apiScenarios, findTargets, type Targets } from './scenarios';

const { values: args } = parseArgs({
  options: {
    writes: { type: 'string', default: '20000' },
    samples: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '4' },
  },
});
const writes = Number(args.writes);
const connections = Number(args.connections);
const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;

type Sizes = Map<string, number>;

/** Bytes of the history table (with its TOAST on PostgreSQL) and of each of its indexes. */
async function historySizes(config: DatabaseConfig): Promise<Sizes> {
  const database = createDatabase(config);
  try {
    const { rows } =
      config.dialect === 'postgres'
        ? await sql<{ name: string; bytes: string | number }>`
            SELECT 'record_history' AS name, pg_table_size('record_history') AS bytes
            UNION ALL
            SELECT indexrelname, pg_relation_size(indexrelid) FROM pg_stat_user_indexes
            WHERE relname = 'record_history'`.execute(database.db)
        : await sql<{ name: string; bytes: number }>`
            SELECT name, SUM(pgsize) AS bytes FROM dbstat
            WHERE name = 'record_history' OR name IN (SELECT name FROM sqlite_master WHERE tbl_name = 'record_history' AND type = 'index')
            GROUP BY name`.execute(database.db);
    return new Map(rows.map((row) => [row.name, Number(row.bytes)]));
  } finally {
    await database.destroy();
  }
}

/** Rows by action, and their changes' mean length. */
async function historyRows(config: DatabaseConfig): Promise<Map<string, { n: number; changes: number }>> {
  const database = createDatabase(config);
  try {
    const { rows } = await sql<{ action: string; n: string | number; changes: string | number | null }>`
      SELECT action, COUNT(*) AS n, AVG(LENGTH(changes)) AS changes FROM record_history GROUP BY action`.execute(
      database.db,
    );
    return new Map(rows.map((row) => [row.action, { n: Number(row.n), changes: Number(row.changes ?? 0) }]));
  } finally {
    await database.destroy();
  }
}

async function send(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${String(response.status)}: ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** Runs `count` calls of `task` on `connections` workers. */
async function pool(count: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: connections }, worker));
}

/** Half the writes create samples (S5's request), the other half change two fields of them. */
async function write(baseUrl: string, targets: Targets): Promise<void> {
  const login = (await send(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  })) as { token: string };
  const headers = { Authorization: `Bearer ${login.token}`, 'Content-Type': 'application/json' };
  const create = apiScenarios(targets).find((scenario) => scenario.key === 'S5');
  if (!create) throw new Error('no S5 scenario');
  const ids: number[] = [];
  const creates = Math.ceil(writes / 2);
  await pool(creates, async () => {
    const body = JSON.stringify(create.body);
    ids.push(((await send(`${baseUrl}${create.path}`, { method: 'POST', headers, body })) as { id: number }).id);
  });
  await pool(writes - creates, async (index) => {
    await send(`${baseUrl}/api/v1/form/${String(ids[index % ids.length])}?name=sample`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ comment: `history size ${String(index)}`, sample_size: 6 }),
    });
  });
}

async function main(): Promise<void> {
  const runDir = path.join(os.tmpdir(), `mdis-history-size-${String(process.pid)}`);
  const dataset = await prepareDataset({ samples: Number(args.samples), postgresUrl, runDir, log: console.log });
  try {
    const targets = await findTargets(dataset.database);
    const before = await historySizes(dataset.database);
    const rowsBefore = await historyRows(dataset.database);
    const server = await startServer({
      label: 'mdis-history-size',
      env: { DATABASE_URL: dataset.databaseUrl, MDIS_ADMIN_PASSWORD: BENCH_ADMIN.password },
    });
    const started = Date.now();
    try {
      await write(server.baseUrl, targets);
    } finally {
      await server.stop();
    }
    const seconds = (Date.now() - started) / 1000;
    const after = await historySizes(dataset.database);
    const rowsAfter = await historyRows(dataset.database);
    const added = (action: string) => (rowsAfter.get(action)?.n ?? 0) - (rowsBefore.get(action)?.n ?? 0);
    const rows = [...rowsAfter.keys()].reduce((sum, action) => sum + added(action), 0);
    const actions = [...rowsAfter.entries()].map(
      ([action, { changes }]) => `${action} ${String(added(action))} (changes ~${changes.toFixed(0)} B)`,
    );
    console.log(
      `${dataset.database.dialect}: ${String(writes)} writes through the API in ${seconds.toFixed(0)} s; ` +
        `history rows added: ${actions.join(', ')}`,
    );
    let total = 0;
    for (const [name, bytes] of after) {
      const grown = bytes - (before.get(name) ?? 0);
      total += grown;
      console.log(`  ${name.padEnd(44)} ${(grown / rows).toFixed(0).padStart(5)} B/row`);
    }
    const perWrite = total / writes;
    console.log(
      `  total ${(total / rows).toFixed(0)} B/row, ${perWrite.toFixed(0)} B/write: ` +
        `${((perWrite * 1e6) / 2 ** 20).toFixed(0)} MiB per million writes (half creates, half changes)`,
    );
  } finally {
    await dataset.cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
