import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ColumnTemplate, ModelTemplate } from '@mdis/shared';
import { isStoredColumnType } from '@mdis/shared';
import bcrypt from 'bcryptjs';
import mysql from 'mysql2/promise';
import { orderByDependencies } from '../../src/engine/schema-sync';
import { folderOfType } from '../../src/modules/files/file-naming';
import { loadDrillingTemplates } from '../../src/seed/drilling-model';
import { EXTRA_TABLES_DDL, TAG_MODEL, templatesWithTags, writeDashboard, writeTags } from './mdis-v3-extras';
import { SYSTEM_TABLES_DDL, templateTableDdl } from './mdis-v3-schema';

/** Where the tests find MariaDB: TEST_MARIADB_URL, else root without a password on 127.0.0.1. */
export const MARIADB_URL = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';
/** The repository's template folder: the original's format (models/*.json, forms/*.json). */
export const TEMPLATES_DIR = fileURLToPath(new URL('../../src/seed/templates', import.meta.url));
const PREFIX = 'mig_fx_';

type Row = Record<string, string | number | null>;

export interface FixtureUser {
  username: string;
  password: string;
  roles: string[];
  state: 'active' | 'blocked' | 'unconfirmed';
}

export interface MdisV3Fixture {
  /** mysql://… of the fixture's own database. */
  url: string;
  database: string;
  filesDir: string;
  templatesDir: string;
  users: FixtureUser[];
  /** Rows written per target table (named as the source's, except the dashboard's `widget`, `post`, `message`). */
  rows: Record<string, number>;
  drop(): Promise<void>;
}

/** Whether MariaDB answers at MARIADB_URL (the tests skip without it unless TEST_MARIADB_URL is set). */
export async function mariaDbAvailable(): Promise<boolean> {
  try {
    const connection = await mysql.createConnection({ uri: MARIADB_URL, connectTimeout: 2000 });
    await connection.end();
    return true;
  } catch (error) {
    if (process.env.TEST_MARIADB_URL) throw error;
    return false;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Drops fixture databases left behind by test runs that were killed (their process is gone). */
async function dropLeftovers(connection: mysql.Connection): Promise<void> {
  const [rows] = await connection.query<mysql.RowDataPacket[]>(`SHOW DATABASES LIKE '${PREFIX}%'`);
  for (const row of rows) {
    const name = String(Object.values(row)[0]);
    const pid = Number(/^mig_fx_(\d+)_/.exec(name)?.[1]);
    if (!processAlive(pid)) await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
  }
}

/** A value of the column's type for row n: deterministic, some NULLs where the column allows them. */
function genericValue(column: ColumnTemplate, n: number): string | number | null {
  if (!column.required && n % 5 === 3) return null;
  const size = column.size && column.size > 0 ? column.size : 255;
  switch (column.type) {
    case 'integer':
      return (n * 7) % 100;
    case 'double':
      return Math.round(((n * 3.17) % 500) * 100) / 100;
    case 'boolean':
      return n % 2;
    case 'date':
      return `2024-0${String((n % 9) + 1)}-1${String(n % 10)}`;
    case 'dateTime':
      return `2024-03-0${String((n % 9) + 1)} 1${String(n % 10)}:04:05`;
    case 'time':
      return `1${String(n % 10)}:30:00`;
    case 'text':
      return `Line one of ${column.name} ${String(n)}\nLine "two" — ünïcödé`;
    case 'string_multiple':
      return `${column.name.slice(0, 4)}${String(n)};Other`.slice(0, size);
    default:
      return `${column.name}-${String(n)}`.slice(0, size);
  }
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

interface Chain {
  connection: mysql.Connection;
  insert(table: string, row: Row): Promise<number>;
  models: Map<string, ModelTemplate>;
  next: () => number;
}

/** A row of the model: generic values, then the parent link and the identifying columns given. */
function rowOf(chain: Chain, fullName: string, given: Row): Row {
  const model = chain.models.get(fullName);
  if (!model) throw new Error(`No template ${fullName}`);
  const n = chain.next();
  const row: Row = {};
  for (const column of Object.values(model.columns)) {
    if (!isStoredColumnType(column.type) || column.name === 'id') continue;
    // Other references stay empty: the fixture fills the parent chain only.
    if (column.name.endsWith('_id') && column.type === 'integer') row[column.name] = null;
    else row[column.name] = genericValue(column, n);
  }
  for (const [key, value] of Object.entries(given)) if (key in row) row[key] = value;
  return row;
}

async function writeChain(chain: Chain, expeditionCodes: string[]): Promise<number[]> {
  const coreIds: number[] = [];
  const program = await chain.insert('project_program', rowOf(chain, 'ProjectProgram', { program: 'ICDP' }));
  for (const code of expeditionCodes) {
    const expedition = await chain.insert(
      'project_expedition',
      rowOf(chain, 'ProjectExpedition', {
        program_id: program,
        expedition: code,
        exp_acronym: `X${code}`,
        combined_id: code,
      }),
    );
    for (let s = 1; s <= 2; s++) {
      const siteCid = `${code}_${String(s)}`;
      const site = await chain.insert(
        'project_site',
        rowOf(chain, 'ProjectSite', { expedition_id: expedition, site: String(s), combined_id: siteCid }),
      );
      for (const letter of ['A', 'B']) {
        const holeCid = `${siteCid}_${letter}`;
        const hole = await chain.insert(
          'project_hole',
          rowOf(chain, 'ProjectHole', {
            site_id: site,
            hole: letter,
            combined_id: holeCid,
            igsn: `ICDP${code}EH${pad(site * 10 + s, 5)}${letter}`,
          }),
        );
        for (let c = 1; c <= 3; c++) {
          const coreCid = `${holeCid}_${pad(c, 3)}`;
          const core = await chain.insert(
            'core_core',
            rowOf(chain, 'CoreCore', {
              hole_id: hole,
              core: c,
              combined_id: coreCid,
              igsn: `ICDP${code}EC${pad(hole * 10 + c, 5)}`,
              drillers_top_depth: c * 3,
              drilled_length: 3,
            }),
          );
          coreIds.push(core);
          for (let k = 1; k <= 2; k++) {
            const sectionCid = `${coreCid}_${String(k)}`;
            const section = await chain.insert(
              'core_section',
              rowOf(chain, 'CoreSection', {
                core_id: core,
                section: k,
                combined_id: sectionCid,
                section_length: 1.5,
                curated_length: 1.48,
              }),
            );
            const wr = await chain.insert(
              'curation_section_split',
              rowOf(chain, 'CurationSectionSplit', {
                section_id: section,
                type: 'WR',
                combined_id: `${sectionCid}_WR`,
                percent: 100,
                igsn: `ICDP${code}ES${pad(section, 6)}W`,
              }),
            );
            const a = await chain.insert(
              'curation_section_split',
              rowOf(chain, 'CurationSectionSplit', {
                section_id: section,
                type: 'A',
                origin_split_id: wr,
                combined_id: `${sectionCid}_A`,
                percent: 50,
                igsn: `ICDP${code}ES${pad(section, 6)}A`,
              }),
            );
            for (let m = 0; m < 2; m++) {
              const top = m * 20 + 5;
              await chain.insert(
                'curation_sample',
                rowOf(chain, 'CurationSample', {
                  section_split_id: a,
                  top,
                  sample_length: 10,
                  sample_combined_id: `${sectionCid}_A:${String(top)}-${String(top + 10)}`,
                  igsn: `ICDP${code}EX${pad(a * 10 + m, 6)}`,
                }),
              );
            }
          }
        }
      }
    }
  }
  return coreIds;
}

async function writeUsers(connection: mysql.Connection): Promise<FixtureUser[]> {
  const users: FixtureUser[] = [
    { username: 'chief', password: 'chief-secret-1', roles: ['sa'], state: 'active' },
    { username: 'dev', password: 'dev-secret-22', roles: ['developer'], state: 'active' },
    { username: 'curator', password: 'curator-secret', roles: ['operator'], state: 'active' },
    { username: 'guest', password: 'guest-secret-4', roles: ['viewer'], state: 'active' },
    { username: 'limited', password: 'limited-secret', roles: [], state: 'active' },
    { username: 'gone', password: 'gone-secret-66', roles: ['operator'], state: 'blocked' },
    { username: 'newbie', password: 'newbie-secret7', roles: ['viewer'], state: 'unconfirmed' },
  ];
  const at = 1_700_000_000;
  for (const [i, user] of users.entries()) {
    // PHP's password_hash() writes $2y$; the algorithm is bcrypt's, only the prefix differs.
    const hash = bcrypt.hashSync(user.password, 4).replace(/^\$2b\$/, '$2y$');
    await connection.query(
      'INSERT INTO user (id, username, email, password_hash, auth_key, confirmed_at, blocked_at, created_at, updated_at, last_login_at) VALUES (?,?,?,?,?,?,?,?,?,?)',
      [
        i + 1,
        user.username,
        `${user.username}@example.org`,
        hash,
        randomBytes(16).toString('hex'),
        user.state === 'unconfirmed' ? null : at,
        user.state === 'blocked' ? at + 60 : null,
        at,
        at + i,
        i % 2 ? at + 100 : null,
      ],
    );
    await connection.query('INSERT INTO profile (user_id, name, public_email) VALUES (?,?,?)', [
      i + 1,
      `${user.username.charAt(0).toUpperCase()}${user.username.slice(1)} Person`,
      null,
    ]);
    for (const role of user.roles)
      await connection.query('INSERT INTO auth_assignment VALUES (?,?,?)', [role, String(i + 1), at]);
  }
  const items: [string, number, string | null][] = [
    ['sa', 1, null],
    ['developer', 1, null],
    ['operator', 1, null],
    ['viewer', 1, null],
    ['form-ALL:view', 2, null],
    ['form-ALL:edit', 2, null],
    ['form-core:view', 2, null],
    ['form-sample:edit', 2, null],
    // Limited access: the combined_id prefix in the item's data, PHP-serialized as Yii's DbManager writes it.
    ['exp-5065-view', 2, 's:4:"5065";'],
  ];
  for (const [name, type, data] of items)
    await connection.query('INSERT INTO auth_item (name, type, data, created_at, updated_at) VALUES (?,?,?,?,?)', [
      name,
      type,
      data,
      at,
      at,
    ]);
  const children = [
    ['sa', 'developer'],
    ['developer', 'operator'],
    ['operator', 'viewer'],
    ['viewer', 'form-ALL:view'],
    ['operator', 'form-ALL:edit'],
    ['exp-5065-view', 'form-ALL:view'],
  ];
  for (const [parent, child] of children)
    await connection.query('INSERT INTO auth_item_child VALUES (?,?)', [parent, child]);
  const limitedId = users.findIndex((u) => u.username === 'limited') + 1;
  for (const item of ['form-core:view', 'form-sample:edit', 'exp-5065-view'])
    await connection.query('INSERT INTO auth_assignment VALUES (?,?,?)', [item, String(limitedId), at]);
  await connection.query(
    "INSERT INTO user_config (user_id, `key`, value) VALUES (1, 'theme', '\"dark\"'), (1, 'form.core.columns', '[\"core\",\"igsn\"]'), (3, 'locale', 'de')",
  );
  return users;
}

async function writeLists(connection: mysql.Connection): Promise<void> {
  const { valueLists } = loadDrillingTemplates();
  let itemId = 1;
  for (const [i, list] of valueLists.entries()) {
    await connection.query('INSERT INTO dis_list (id, list_name, is_locked, list_uri) VALUES (?,?,?,?)', [
      i + 1,
      list.listname,
      list.is_locked ? 1 : 0,
      list.list_uri ?? null,
    ]);
    for (const [sort, item] of list.items.entries())
      await connection.query('INSERT INTO dis_list_item VALUES (?,?,?,?,?,?)', [
        itemId++,
        i + 1,
        item.display,
        item.remark,
        item.uri ?? null,
        sort,
      ]);
  }
}

async function writeFiles(chain: Chain, filesDir: string, coreIds: number[]): Promise<void> {
  const files = [
    { type: 'PH', core: coreIds[0], name: 'core-photo.jpg', bytes: randomBytes(2048) },
    { type: 'PH', core: coreIds[0], name: 'core-photo-2.jpg', bytes: randomBytes(1000) },
    { type: 'DO', core: coreIds[1], name: 'report.pdf', bytes: Buffer.from('%PDF-1.4 a core report') },
    { type: 'CS', core: coreIds[2], name: 'scan.tif', bytes: randomBytes(4096) },
    { type: 'DA', core: undefined, name: 'unassigned.csv', bytes: Buffer.from('depth,value\n1,2\n') },
  ];
  const folders = new Map(
    loadDrillingTemplates()
      .valueLists.find((l) => l.listname === 'UPLOAD_FILE_TYPE')
      ?.items.map((item) => [item.display, item.remark ?? '']),
  );
  for (const file of files) {
    const [cores] = await chain.connection.query<mysql.RowDataPacket[]>(
      'SELECT id, combined_id FROM core_core WHERE id = ?',
      [file.core ?? 0],
    );
    const core = cores[0] as { id: number; combined_id: string } | undefined;
    const filename = `${file.type}_${core?.combined_id ?? 'upload'}_${file.name}`;
    const folder = core
      ? join(filesDir, folderOfType(file.type, folders.get(file.type)), 'original')
      : join(filesDir, 'upload');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, filename), file.bytes);
    const row = rowOf(chain, 'ArchiveFile', {
      type: file.type,
      filename,
      original_filename: file.name,
      filesize: file.bytes.length,
      mime_type: 'application/octet-stream',
      checksum: createHash('md5').update(file.bytes).digest('hex'),
      upload_date: '2024-05-06 07:08:09',
      core_id: core?.id ?? null,
      parent_combined_id: core?.combined_id ?? null,
      analyst: 'KB',
    });
    await chain.insert('archive_file', row);
  }
}

/** Sets the first nullable date and datetime of a filled table to MySQL's zero date, as old rows hold. */
async function writeZeroDates(chain: Chain): Promise<void> {
  for (const type of ['date', 'dateTime'] as const) {
    for (const fullName of ['ProjectHole', 'CoreCore', 'CoreSection', 'CurationSample', 'ArchiveFile']) {
      const model = chain.models.get(fullName);
      const column = Object.values(model?.columns ?? {}).find((c) => c.type === type && !c.required);
      if (!model || !column) continue;
      const zero = type === 'date' ? '0000-00-00' : '0000-00-00 00:00:00';
      await chain.connection.query(`UPDATE \`${model.table}\` SET \`${column.name}\` = ? WHERE id = 1`, [zero]);
      break;
    }
  }
}

/**
 * A database shaped as an mDIS v3 installation's, in MariaDB (docs/mdis-v3-migration.md): the
 * tables the repository's templates (and a tag model with an m:n relation to cores) create, with
 * MySQL types, filled along the drilling chain (2 expeditions, 8 holes, 24 cores, 48 sections, 96
 * splits, 96 samples), tags linked to cores, archive files with their bytes in a files folder, value
 * lists, users with bcrypt `$2y$` hashes and their RBAC rows, and a dashboard (widgets, posts,
 * messages of the day).
 */
export async function createMdisV3Fixture(): Promise<MdisV3Fixture> {
  const database = `${PREFIX}${String(process.pid)}_${randomBytes(4).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: MARIADB_URL, multipleStatements: false });
  await dropLeftovers(admin);
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4`);
  await admin.end();
  const url = `${MARIADB_URL.replace(/\/+$/, '')}/${database}`;
  const connection = await mysql.createConnection({ uri: url, dateStrings: true });
  const filesDir = mkdtempSync(join(tmpdir(), 'mig-fx-files-'));
  const templatesDir = templatesWithTags(TEMPLATES_DIR);
  const rows: Record<string, number> = {};
  const drop = async () => {
    const cleanup = await mysql.createConnection({ uri: MARIADB_URL });
    await cleanup.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await cleanup.end();
    rmSync(filesDir, { recursive: true, force: true });
    rmSync(templatesDir, { recursive: true, force: true });
  };
  try {
    // Old installations ran without strict mode: zero dates are what they hold.
    await connection.query("SET SESSION sql_mode = ''");
    const models = [...loadDrillingTemplates().models, TAG_MODEL];
    for (const model of orderByDependencies(models)) await connection.query(templateTableDdl(model));
    for (const ddl of [...SYSTEM_TABLES_DDL, ...EXTRA_TABLES_DDL]) await connection.query(ddl);
    let n = 0;
    const chain: Chain = {
      connection,
      models: new Map(models.map((m) => [m.fullName, m])),
      next: () => ++n,
      async insert(table, row) {
        const [result] = await connection.query<mysql.ResultSetHeader>(`INSERT INTO \`${table}\` SET ?`, [row]);
        rows[table] = (rows[table] ?? 0) + 1;
        return result.insertId;
      },
    };
    // One transaction: row by row with a commit each takes MariaDB half a minute.
    await connection.query('START TRANSACTION');
    const coreIds = await writeChain(chain, ['5065', '5066']);
    await writeFiles(chain, filesDir, coreIds);
    await writeZeroDates(chain);
    await writeTags(connection, rows);
    await writeDashboard(connection, rows);
    const users = await writeUsers(connection);
    await writeLists(connection);
    await connection.query(
      "INSERT INTO dis_igsn (igsn, model, model_id) SELECT igsn, 'CoreCore', id FROM core_core WHERE igsn IS NOT NULL",
    );
    await connection.query('COMMIT');
    return { url, database, filesDir, templatesDir, users, rows, drop };
  } catch (error) {
    await connection.end();
    await drop().catch(() => undefined);
    throw error;
  } finally {
    await connection.end().catch(() => undefined);
  }
}

/**
 * Grows the fixture's curation_sample to `total` rows by copying its rows (new ids, same parents):
 * a large source for measuring the migration's rows per second.
 */
export async function growSamples(fixture: MdisV3Fixture, total: number): Promise<number> {
  const connection = await mysql.createConnection({ uri: fixture.url });
  try {
    const [columns] = await connection.query<mysql.RowDataPacket[]>('SHOW COLUMNS FROM curation_sample');
    const list = columns
      .map((c) => String(c.Field))
      .filter((name) => name !== 'id')
      .map((name) => `\`${name}\``)
      .join(', ');
    for (;;) {
      const [rows] = await connection.query<mysql.RowDataPacket[]>('SELECT COUNT(*) AS n FROM curation_sample');
      const count = Number(rows[0]?.n);
      if (count >= total) return count;
      const take = Math.min(count, total - count, 200_000);
      await connection.query(
        `INSERT INTO curation_sample (${list}) SELECT ${list} FROM curation_sample LIMIT ${String(take)}`,
      );
    }
  } finally {
    await connection.end();
  }
}
