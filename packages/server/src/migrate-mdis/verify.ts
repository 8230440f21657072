import type { ModelTemplate } from '@mdis/shared';
import { sql } from 'kysely';
import type { Db } from '../infra/db/schema';
import { canonical } from './convert';
import type { TablePlan } from './data-plans';
import type { FileProblem } from './files';
import type { Source } from './source';

export interface TableReport {
  table: string;
  source: string;
  sourceRows: number;
  targetRows: number;
  /** Per compared column: the checksums of both sides (the source's after conversion). */
  columns: { column: string; source: string; target: string; same: boolean }[];
}

export interface VerificationReport {
  tables: TableReport[];
  brokenReferences: { table: string; column: string; references: string; rows: number }[];
  files: FileProblem[];
  users: { source: number; target: number };
  warnings: string[];
  unsupported: string[];
  differences: number;
}

/** Two independent 32-bit hashes of a text (cyrb53's mixing): fast, and 64 bits together. */
function hash64(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

/**
 * An order-free checksum of one column: the sum (mod 2^32, twice) of a 64-bit hash of each row's
 * key and value, so both sides can be read in any order and a value moved to another row still
 * shows. Not cryptographic: it finds conversion mistakes, it is no defence against forgery; an MD5
 * per value cost 12 µs, which made the verification of a million rows take minutes.
 */
function createColumnSums(columns: readonly string[]) {
  const sums = new Map(columns.map((c) => [c, new Uint32Array(2)]));
  return {
    add(key: string, column: string, value: string) {
      const sum = sums.get(column);
      if (!sum) return;
      const [a, b] = hash64(`${key}\u001f${value}`);
      sum[0] += a;
      sum[1] += b;
    },
    get: (column: string) => {
      const sum = sums.get(column) ?? new Uint32Array(2);
      return [...sum].map((n) => n.toString(16).padStart(8, '0')).join('');
    },
  };
}

const PAGE = 5000;

async function targetSums(db: Db, plan: TablePlan, compared: string[]) {
  const sums = createColumnSums(compared);
  let rows = 0;
  const columns = sql.join(compared.map((c) => sql.ref(c)));
  const add = (row: Record<string, unknown>) => {
    rows++;
    const key = plan.key ? String(row[plan.key]) : '';
    for (const c of compared) sums.add(key, c, canonical(plan.types[c] ?? 'text', row[c]));
  };
  if (!plan.key) {
    const result = await sql<Record<string, unknown>>`SELECT ${columns} FROM ${sql.table(plan.targetTable)}`.execute(
      db,
    );
    result.rows.forEach(add);
    return { sums, rows };
  }
  // Keyset pages: one table of a million rows never sits in memory.
  for (let last = -Infinity; ;) {
    const after = Number.isFinite(last) ? sql`WHERE ${sql.ref(plan.key)} > ${last}` : sql``;
    const page = await sql<Record<string, unknown>>`
      SELECT ${columns} FROM ${sql.table(plan.targetTable)} ${after} ORDER BY ${sql.ref(plan.key)} LIMIT ${PAGE}`.execute(
      db,
    );
    page.rows.forEach(add);
    if (page.rows.length < PAGE) return { sums, rows };
    last = Number(page.rows.at(-1)?.[plan.key]);
  }
}

/** Rows in source and target and a checksum per column, the source's values converted as the copy does. */
export async function verifyTable(db: Db, source: Source, plan: TablePlan): Promise<TableReport> {
  const compared = plan.targetColumns.filter((c) => c in plan.types);
  const sourceSums = createColumnSums(compared);
  const keyIndex = plan.key ? plan.targetColumns.indexOf(plan.key) : -1;
  let sourceRows = 0;
  for await (const row of source.stream(plan.sourceTable, plan.sourceColumns)) {
    const values = plan.map(row);
    if (!values) continue;
    sourceRows++;
    const key = keyIndex >= 0 ? String(values[keyIndex]) : '';
    plan.targetColumns.forEach((c, i) => {
      if (c in plan.types) sourceSums.add(key, c, canonical(plan.types[c] ?? 'text', values[i]));
    });
  }
  const target = await targetSums(db, plan, compared);
  return {
    table: plan.targetTable,
    source: plan.sourceTable,
    sourceRows,
    targetRows: target.rows,
    columns: compared.map((column) => {
      const [s, t] = [sourceSums.get(column), target.sums.get(column)];
      return { column, source: s, target: t, same: s === t };
    }),
  };
}

/** Rows whose parent reference (template relations) points at no row. */
export async function brokenReferences(db: Db, models: readonly ModelTemplate[]) {
  const broken: VerificationReport['brokenReferences'] = [];
  for (const model of models) {
    for (const relation of Object.values(model.relations)) {
      if (relation.relationType !== 'parent' || !relation.foreignTable) continue;
      const column = relation.localColumns?.[0];
      if (!column) continue;
      const { rows } = await sql<{ n: unknown }>`
        SELECT COUNT(*) AS n FROM ${sql.table(model.table)} c
        WHERE c.${sql.ref(column)} IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM ${sql.table(relation.foreignTable)} p WHERE p.id = c.${sql.ref(column)})`.execute(db);
      const n = Number(rows[0]?.n ?? 0);
      if (n > 0) broken.push({ table: model.table, column, references: relation.foreignTable, rows: n });
    }
  }
  return broken;
}

export function countDifferences(report: Omit<VerificationReport, 'differences'>): number {
  let differences = report.brokenReferences.length + report.files.length;
  for (const table of report.tables) {
    if (table.sourceRows !== table.targetRows) differences++;
    differences += table.columns.filter((c) => !c.same).length;
  }
  if (report.users.source !== report.users.target) differences++;
  return differences;
}

/** The report as lines for the terminal. */
export function formatReport(report: VerificationReport): string {
  const lines = ['', 'Verification (rows source → target, columns with equal checksums):'];
  for (const t of report.tables) {
    const same = t.columns.filter((c) => c.same).length;
    const mark = t.sourceRows === t.targetRows && same === t.columns.length ? 'ok  ' : 'DIFF';
    lines.push(
      `  ${mark} ${t.table.padEnd(28)} ${String(t.sourceRows).padStart(9)} → ${String(t.targetRows).padEnd(9)} ${String(same)}/${String(t.columns.length)} columns`,
    );
    for (const c of t.columns)
      if (!c.same) lines.push(`         column ${c.column}: source ${c.source}, target ${c.target}`);
  }
  lines.push(`  users: ${String(report.users.source)} → ${String(report.users.target)}`);
  for (const b of report.brokenReferences)
    lines.push(`  broken reference: ${b.table}.${b.column} → ${b.references}: ${String(b.rows)} rows`);
  for (const f of report.files)
    lines.push(`  file ${String(f.id)} ${f.filename}: ${f.problem}${f.detail ? ` (${f.detail})` : ''}`);
  if (report.unsupported.length)
    lines.push('Not supported (kept in the templates, listed here):', ...report.unsupported.map((u) => `  - ${u}`));
  if (report.warnings.length) lines.push('Warnings:', ...report.warnings.map((w) => `  - ${w}`));
  lines.push(report.differences === 0 ? 'No differences.' : `${String(report.differences)} difference(s).`);
  return lines.join('\n');
}
