import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMdisV3Fixture, mariaDbAvailable, type MdisV3Fixture } from './helpers/mdis-v3-fixture';

const available = await mariaDbAvailable();
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], dataDir: string): Promise<Run> {
  return new Promise((resolve) => {
    // The target: an SQLite file and a files folder in dataDir, whatever the caller's environment says.
    const { DATABASE_URL: _database, STORAGE_URL: _storage, ...rest } = process.env;
    const env = { ...rest, MDIS_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    execFile(
      process.execPath,
      ['--import', 'tsx', 'packages/server/src/migrate-mdis/cli.ts', ...args],
      { cwd: ROOT, env, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe.skipIf(!available)('npm run migrate:mdis (the command)', () => {
  let fixture: MdisV3Fixture;
  let work: string;
  beforeAll(async () => {
    fixture = await createMdisV3Fixture();
    work = mkdtempSync(join(tmpdir(), 'mig-cli-'));
  }, 60_000);
  afterAll(async () => {
    await fixture.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('explains its usage when --from is missing (exit 2)', async () => {
    const run = await cli(['--templates', fixture.templatesDir], join(work, 'usage'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--from must be a mysql://user:password@host:3306/database URL.');
    expect(run.stderr).toContain('Usage: npm run migrate:mdis');
  }, 60_000);

  it('--dry-run counts the source and writes nothing', async () => {
    const dataDir = join(work, 'dry');
    const report = join(work, 'dry.json');
    const run = await cli(
      ['--from', fixture.url, '--templates', fixture.templatesDir, '--dry-run', '--report', report],
      dataDir,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Dry run: nothing was written.');
    expect(existsSync(join(dataDir, 'files'))).toBe(false);
    const json = JSON.parse(readFileSync(report, 'utf8')) as { tables: { table: string; sourceRows: number }[] };
    expect(json.tables.find((t) => t.table === 'curation_sample')?.sourceRows).toBe(96);
  }, 60_000);

  it('exits 1 on a difference, 0 with --allow-differences; the second run resumes the finished one', async () => {
    const files = join(work, 'files');
    cpSync(fixture.filesDir, files, { recursive: true });
    rmSync(join(files, 'upload', 'DA_upload_unassigned.csv'));
    const dataDir = join(work, 'run');
    const args = ['--from', fixture.url, '--templates', fixture.templatesDir, '--files', files];
    const first = await cli([...args, '--report', join(work, 'first.json')], dataDir);
    expect(first.code, first.stderr).toBe(1);
    expect(first.stdout).toContain('file 5 DA_upload_unassigned.csv: missing in the source folder');
    expect(first.stdout).toMatch(/curation_sample +96 → 96 +15\/15 columns/);
    expect(first.stdout).toMatch(/Wrote [\d,]+ rows in [\d.]+ s \([\d,]+ rows\/s/);
    // The same report as a page next to the JSON, with the difference in it.
    const html = readFileSync(join(work, 'first.html'), 'utf8');
    expect(html).toContain('1 difference(s)');
    expect(html).toMatch(
      /<td class="n">5<\/td><td>DA_upload_unassigned\.csv<\/td><td class="diff">missing in the source folder/,
    );
    expect(html).toMatch(
      /<td>curation_sample<\/td><td>curation_sample<\/td><td class="n">96<\/td><td class="n">96<\/td>/,
    );
    const second = await cli([...args, '--allow-differences', '--report', join(work, 'second.json')], dataDir);
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(work, 'second.json'), 'utf8'))).toMatchObject({
      differences: 1,
      rowsWritten: 0,
    });
  }, 120_000);
});
