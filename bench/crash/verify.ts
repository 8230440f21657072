// What a restart must show: every acknowledged write, no stored bytes without a row, no leftovers
// of interrupted uploads, and every file served whole.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Api, call, type Ledger } from './workload';

type Row = Record<string, unknown>;

export interface Check {
  /** Acknowledged writes missing or not holding their value. */
  lost: string[];
  /** Stored files that no row serves. */
  orphans: string[];
  /** `.part` files and upload spool folders still there after the restart. */
  leftovers: string[];
  /** Rows whose served bytes are not the bytes uploaded, or an acknowledged upload that serves nothing. */
  halfWritten: string[];
  /**
   * Rows of uploads that were never acknowledged and serve nothing (404): the server was killed after
   * the row was written and before its bytes were stored. No wrong bytes are served, but the row stays.
   */
  dangling: string[];
}

async function all(api: Api, form: string): Promise<Row[]> {
  const response = await call(api, 'GET', `/api/v1/form?name=${form}&per-page=-1`);
  if (response?.status !== 200) throw new Error(`list ${form}: ${String(response?.status)}`);
  return ((await response.json()) as { items: Row[] }).items;
}

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function checkPersons(ledger: Ledger, rows: Row[], lost: string[]) {
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  for (const [id, person] of ledger.persons) {
    const row = byId.get(id);
    const value = row?.first_name;
    if (row?.person_acronym !== person.acronym) lost.push(`person ${String(id)} (${person.acronym}) is missing`);
    else if (typeof value === 'string' && (value === person.firstName || value === person.pending)) {
      // An update whose answer never came may have committed: from now on its value is the one to hold.
      person.firstName = value;
      delete person.pending;
    } else lost.push(`person ${String(id)}: first_name ${String(value)}, acknowledged ${person.firstName}`);
  }
}

function checkCores(ledger: Ledger, cores: Row[], lost: string[]) {
  const byId = new Map(cores.map((row) => [Number(row.id), row]));
  for (const [id, core] of ledger.cores) {
    const row = byId.get(id);
    if (Number(row?.core) !== core.core) lost.push(`core ${String(id)} (number ${String(core.core)}) is missing`);
    else if (Number(row?.drilled_length) !== core.drilledLength)
      lost.push(
        `core ${String(id)}: drilled_length ${String(row?.drilled_length)}, acknowledged ${String(core.drilledLength)}`,
      );
  }
}

/** Serves every file row and compares the bytes with what was uploaded under its name. */
async function checkFiles(api: Api, ledger: Ledger, rows: Row[], check: Check): Promise<string[]> {
  const served: string[] = [];
  const ids = new Set(rows.map((row) => Number(row.id)));
  for (const id of ledger.uploads.keys()) if (!ids.has(id)) check.lost.push(`file ${String(id)} is missing`);
  for (const row of rows) {
    const response = await call(api, 'GET', `/files/original/${String(row.id)}`);
    const bytes = response?.status === 200 ? Buffer.from(await response.arrayBuffer()) : undefined;
    const expected = ledger.sent.get(String(row.original_filename));
    const got = bytes && sha256(bytes);
    if (got) served.push(got);
    const acknowledged = ledger.uploads.get(Number(row.id));
    if (!got && !acknowledged && response?.status === 404)
      check.dangling.push(`file ${String(row.id)} (${String(row.original_filename)})`);
    else if (!got || got !== expected)
      check.halfWritten.push(
        `file ${String(row.id)} (${String(row.original_filename)}): ${bytes ? `${String(bytes.length)} bytes, other content` : `answer ${String(response?.status)}`}`,
      );
    if (acknowledged && acknowledged !== got)
      check.lost.push(`file ${String(row.id)} does not serve its acknowledged bytes`);
  }
  return served;
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Stored files no row serves; previews are derived data and temporaries are counted apart. */
async function checkStorage(storageRoot: string, tmpDir: string, served: string[], check: Check) {
  const remaining = [...served];
  for (const file of await filesUnder(storageRoot)) {
    const name = path.relative(storageRoot, file);
    if (name.startsWith(`.tmp${path.sep}`)) {
      check.leftovers.push(name);
      continue;
    }
    if (name.startsWith(`preview-cache${path.sep}`)) continue;
    const index = remaining.indexOf(sha256(await readFile(file)));
    if (index === -1) check.orphans.push(name);
    else remaining.splice(index, 1);
  }
  // Upload spool folders; tsx keeps its own cache in TMPDIR as well (tsx-<uid>).
  for (const entry of await readdir(tmpDir).catch(() => []))
    if (entry.startsWith('mdis-upload-')) check.leftovers.push(`TMPDIR/${entry}`);
}

export async function verify(api: Api, ledger: Ledger, storageRoot: string, tmpDir: string): Promise<Check> {
  const check: Check = { lost: [], orphans: [], leftovers: [], halfWritten: [], dangling: [] };
  checkPersons(ledger, await all(api, 'person'), check.lost);
  checkCores(ledger, await all(api, 'core'), check.lost);
  const served = await checkFiles(api, ledger, await all(api, 'files'), check);
  await checkStorage(storageRoot, tmpDir, served, check);
  return check;
}
