import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedDirOf } from '../src/modules/template-manager/generator/code-generator';
import {
  createGeneratedFilesRepository,
  type GeneratedFilesRepository,
} from '../src/modules/template-manager/generator/generated-files.repository';
import { DIALECTS } from './helpers/dialects';
import { asRecord, boxModel, createCgApp, type CgTestApp } from './cg-helpers';

interface Planned {
  id: string;
  path: string;
  operation: string;
}

describe.each(DIALECTS)('cg/api code generator (%s)', (dialect) => {
  let t: CgTestApp;
  let root: string;
  let generatedStore: GeneratedFilesRepository;
  beforeAll(async () => {
    t = await createCgApp(dialect);
    root = join(t.config.dataDir, 'generated');
    generatedStore = createGeneratedFilesRepository(t.db);
    await t.call('POST', 'create-model', { template: boxModel('Box') });
    await t.call('POST', 'create-form', { template: { name: 'box', dataModel: 'CurationBox', fields: [] } });
  });
  afterAll(() => t.close());

  const model = { Generator: { templateName: 'CurationBox' } };
  const view = async (id: string, body: unknown) => asRecord((await t.call('POST', `view?id=${id}`, body)).body);
  const files = async (id = 'dis-model', body: unknown = model) => (await view(id, body)).files as Planned[];
  const byPath = (list: Planned[]) => Object.fromEntries(list.map((f) => [f.path, f]));
  const generateAll = async (id = 'dis-model', body: Record<string, unknown> = model) => {
    const answers = Object.fromEntries((await files(id, body)).map((f) => [f.id, true]));
    return view(id, { ...body, generate: true, answers });
  };
  /** The generated file as every instance sees it (the database). */
  const read = async (path: string) => (await generatedStore.read(path)) ?? '';
  /** The developer's copy in this instance's generated folder. */
  const copy = (path: string) => readFileSync(join(root, path), 'utf8');
  const writtenAt = (path: string, at: Date) =>
    sql`update generated_files set modified_at = ${at.toISOString()} where path = ${path}`.execute(t.db);
  const age = (path: string) => writtenAt(path, new Date(2000, 0, 1));
  // Newer than any save in this test, whatever second the save falls on.
  const renew = (path: string) => writtenAt(path, new Date(Date.now() + 3_600_000));

  it('lists the files of a model to create, then writes them into the generated folder', async () => {
    const planned = await files();
    expect(planned.map((f) => [f.path, f.operation])).toEqual([
      ['models/CurationBox.sqlite.sql', 'create'],
      ['models/CurationBox.postgres.sql', 'create'],
      ['models/CurationBox.ts', 'create'],
      ['hooks/CurationBox.hooks.mjs', 'create'],
    ]);
    expect(planned[0]?.id).toMatch(/^[0-9a-f]{32}$/);
    const answer = await generateAll();
    expect(answer).toEqual({
      hasError: false,
      results: [
        ' generated models/CurationBox.sqlite.sql',
        ' generated models/CurationBox.postgres.sql',
        ' generated models/CurationBox.ts',
        ' generated hooks/CurationBox.hooks.mjs',
      ].join('\n'),
    });
    expect(await read('models/CurationBox.sqlite.sql')).toContain('create table "curation_box"');
    expect(await read('models/CurationBox.postgres.sql')).toContain('"id" serial primary key');
    expect(await read('models/CurationBox.ts')).toContain('export const CurationBoxInputSchema = z.object({');
    expect(await read('models/CurationBox.ts')).toContain('  box: z.string().max(20),');
    // The developer's copy in the folder is the same text.
    expect(copy('models/CurationBox.ts')).toBe(await read('models/CurationBox.ts'));
    expect((await t.call('GET', 'get-model-template?name=CurationBox')).body).toMatchObject({
      generatedAt: expect.any(Number) as number,
    });
    expect((await files()).map((f) => f.operation)).toEqual(['skip', 'skip', 'skip', 'skip']);
  });

  it('offers overwrite and a diff after a template change; hooks are never overwritten', async () => {
    // The developer's edit of the hook module, as the start of an instance imports it from its folder.
    await generatedStore.write('hooks/CurationBox.hooks.mjs', '// my own rules\n');
    for (const path of ['models/CurationBox.ts', 'models/CurationBox.sqlite.sql']) await age(path);
    for (const path of ['models/CurationBox.postgres.sql', 'hooks/CurationBox.hooks.mjs']) await renew(path);
    const stored = asRecord((await t.call('GET', 'get-model-template?name=CurationBox')).body);
    const columns = { ...asRecord(stored.columns), note: { name: 'note', type: 'text', label: 'Note' } };
    expect((await t.call('POST', 'update-model?name=CurationBox', { template: { ...stored, columns } })).status).toBe(
      200,
    );

    const summary = asRecord((await t.call('GET', 'summary')).body);
    const box = (summary.models as Record<string, unknown>[]).find((m) => m.fullName === 'CurationBox');
    // By content, not by time: the newer postgres file still lacks the new column; the hooks are the developer's.
    expect(box?.generatedFiles).toEqual([
      { path: 'models/CurationBox.sqlite.sql', modified: true },
      { path: 'models/CurationBox.postgres.sql', modified: true },
      { path: 'models/CurationBox.ts', modified: true },
      { path: 'hooks/CurationBox.hooks.mjs', modified: false },
    ]);

    const planned = byPath(await files());
    expect(Object.values(planned).map((f) => f.operation)).toEqual(['overwrite', 'overwrite', 'overwrite', 'skip']);
    const module = planned['models/CurationBox.ts'];
    const diff = await t.call('POST', `diff?id=dis-model&file=${module.id}`, model);
    expect(diff.status).toBe(200);
    expect(diff.headers['content-type']).toBe('text/plain; charset=utf-8');
    // A unified diff: file headers, then hunks with 3 lines of context around the change.
    const lines = String(diff.body).split('\n');
    expect(lines.slice(0, 2)).toEqual([
      '--- models/CurationBox.ts\t(stored)',
      '+++ models/CurationBox.ts\t(generated)',
    ]);
    expect(lines[2]).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@$/);
    expect(lines).not.toContain(" import { z } from 'zod';");
    expect(String(diff.body)).toContain('+  /** Note */');
    expect(String(diff.body)).toContain('+  note?: string | null;');
    expect(lines).toContain('   hole_id: number;');
    const preview = await t.call('POST', `preview?id=dis-model&file=${module.id}`, model);
    expect(String(preview.body)).toContain('  note: z.string().nullish(),');

    const hooks = planned['hooks/CurationBox.hooks.mjs'];
    const sqlite = planned['models/CurationBox.sqlite.sql'];
    const answers = { [module.id]: true, [hooks.id]: true, [sqlite.id]: false };
    const result = await view('dis-model', { ...model, generate: true, answers });
    expect(result.results).toBe(
      [
        '   skipped models/CurationBox.sqlite.sql',
        '   skipped models/CurationBox.postgres.sql',
        ' overwrote models/CurationBox.ts',
        '   skipped hooks/CurationBox.hooks.mjs',
      ].join('\n'),
    );
    expect(await read('hooks/CurationBox.hooks.mjs')).toBe('// my own rules\n');
    expect(await read('models/CurationBox.ts')).toContain('note?: string | null;');
    expect(copy('models/CurationBox.ts')).toContain('note?: string | null;');
    expect(await read('models/CurationBox.sqlite.sql')).not.toContain('"note"');
    expect((await t.call('POST', `diff?id=dis-model&file=${module.id}`, model)).body).toBe('Identical');
  });

  it('counts a file whose content equals what the generator writes as up to date, however old (manage forms unlocks)', async () => {
    const generatedFiles = async () => {
      const summary = asRecord((await t.call('GET', 'summary')).body);
      return (summary.models as Record<string, unknown>[]).find((m) => m.fullName === 'CurationBox')?.generatedFiles;
    };
    await generateAll();
    const paths = (await files()).map((f) => f.path);
    // Save & Generate again with nothing changed: the template's time moves, identical files are skipped.
    for (const path of paths) await age(path);
    const stored = asRecord((await t.call('GET', 'get-model-template?name=CurationBox')).body);
    expect((await t.call('POST', 'update-model?name=CurationBox', { template: stored })).status).toBe(200);
    expect((await generateAll()).results).toMatch(/^( {3}skipped .*\n?){4}$/);
    expect(await generatedFiles()).toEqual(paths.map((path) => ({ path, modified: false })));
  });

  it('generates a form: its fields module and the specialised form created once', async () => {
    const form = { Generator: { templateName: 'box' } };
    const menuEntry = async () =>
      Object.values(asRecord((await t.call('GET', '/api/v1/app/forms')).body))
        .flat()
        .find((f) => asRecord(f).key === 'box');
    expect(await menuEntry()).not.toHaveProperty('specialised');
    expect((await files('dis-form', form)).map((f) => [f.path, f.operation])).toEqual([
      ['forms/BoxForm.fields.ts', 'create'],
      ['forms/BoxForm.tsx', 'create'],
    ]);
    expect((await generateAll('dis-form', form)).hasError).toBe(false);
    expect(await read('forms/BoxForm.fields.ts')).toContain('export const BoxFormDataModel = "CurationBox";');
    const summary = asRecord((await t.call('GET', 'summary')).body);
    expect((summary.forms as Record<string, unknown>[]).find((f) => f.name === 'box')).toMatchObject({
      customVueFile: true,
      generatedAt: expect.any(Number) as number,
      generatedFiles: [
        { path: 'forms/BoxForm.fields.ts', modified: false },
        { path: 'forms/BoxForm.tsx', modified: false },
      ],
    });
    // The forms overview shows its green indicator from app/forms.
    expect(await menuEntry()).toMatchObject({ key: 'box', specialised: true });
  });

  it('previews a file before it exists; its diff then shows every line added', async () => {
    const form = { Generator: { templateName: 'box-two' } };
    await t.call('POST', 'create-form', { template: { name: 'box-two', dataModel: 'CurationBox', fields: [] } });
    const planned = byPath(await files('dis-form', form));
    const fields = planned['forms/BoxTwoForm.fields.ts'];
    expect(fields.operation).toBe('create');
    const preview = await t.call('POST', `preview?id=dis-form&file=${fields.id}`, form);
    expect(preview.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(String(preview.body)).toContain('export const BoxTwoFormName = "box-two";');
    const diff = String((await t.call('POST', `diff?id=dis-form&file=${fields.id}`, form)).body).split('\n');
    expect(diff[2]).toMatch(/^@@ -0,0 \+1,\d+ @@$/);
    expect(
      diff
        .slice(3)
        .filter((l) => l !== '')
        .every((l) => l.startsWith('+')),
    ).toBe(true);
  });

  it('writes only the files answered true; a form module created once is never overwritten', async () => {
    const form = { Generator: { templateName: 'box-two' } };
    const planned = byPath(await files('dis-form', form));
    const fields = planned['forms/BoxTwoForm.fields.ts'];
    const component = planned['forms/BoxTwoForm.tsx'];
    const first = await view('dis-form', { ...form, generate: true, answers: { [component.id]: true } });
    expect(first.results).toBe(['   skipped forms/BoxTwoForm.fields.ts', ' generated forms/BoxTwoForm.tsx'].join('\n'));
    expect(await generatedStore.read('forms/BoxTwoForm.fields.ts')).toBeUndefined();
    expect(() => copy('forms/BoxTwoForm.fields.ts')).toThrow(/ENOENT/);
    await generatedStore.write('forms/BoxTwoForm.tsx', 'export const mine = 1;\n');
    const again = byPath(await files('dis-form', form));
    expect([again['forms/BoxTwoForm.fields.ts'].operation, again['forms/BoxTwoForm.tsx'].operation]).toEqual([
      'create',
      'skip',
    ]);
    // Even when the client answers true for it, a skip file stays as the developer left it.
    const answers = { [fields.id]: true, [component.id]: true };
    const second = await view('dis-form', { ...form, generate: true, answers });
    expect(second.results).toBe(
      [' generated forms/BoxTwoForm.fields.ts', '   skipped forms/BoxTwoForm.tsx'].join('\n'),
    );
    expect(await read('forms/BoxTwoForm.tsx')).toBe('export const mine = 1;\n');
  });

  it('answers unknown generators, files and templates with 404, a missing name with 422; developers only', async () => {
    expect(await t.call('POST', 'view?id=gii-crud', model)).toMatchObject({
      status: 404,
      body: { message: 'Code generator not found: gii-crud' },
    });
    expect((await t.call('POST', 'preview?id=dis-model&file=nope', model)).body).toMatchObject({
      message: 'Code file not found: nope',
    });
    expect((await t.call('POST', 'view?id=dis-form', { Generator: { templateName: 'nothing' } })).status).toBe(404);
    expect((await t.call('POST', 'view?id=dis-model', {})).body).toEqual([
      { field: 'templateName', message: 'Template name cannot be blank.' },
    ]);
    for (const headers of [t.operator, t.viewer])
      expect((await t.call('POST', 'view?id=dis-model', model, headers)).status).toBe(403);
  });

  it('keeps the generated folder inside the data directory', () => {
    expect(generatedDirOf('/data')).toBe('/data/generated');
    expect(generatedDirOf('/data', 'code/out')).toBe('/data/code/out');
    expect(() => generatedDirOf('/data', '../elsewhere')).toThrow(/MDIS_GENERATED_DIR/);
    expect(() => generatedDirOf('/data', '/tmp/x')).toThrow(/inside the data directory/);
  });
});
