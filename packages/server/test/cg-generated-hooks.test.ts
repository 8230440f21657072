import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { createGeneratedFilesRepository } from '../src/modules/template-manager/generator/generated-files.repository';
import { createGeneratedHooks } from '../src/modules/template-manager/generator/generated-hooks';
import { syncGeneratedFolder } from '../src/modules/template-manager/generator/generated-sync';
import { DIALECTS } from './helpers/dialects';
import { asRecord, boxModel, createCgApp, type CgTestApp } from './cg-helpers';

/** A rule a developer adds to the generated hook module of CurationTray. */
const TRAY_RULE = `
export const hooks = {
  beforeCreate({ record, refuse }) {
    if (record.tray === 'forbidden') refuse('tray', 'Tray forbidden is reserved.');
    record.remarks = 'checked by the hook';
  },
};
`;
const BROKEN = 'export const hooks = {\n  beforeCreate( {\n';

function silentLog() {
  const lines: string[] = [];
  return {
    lines,
    info: (message: string) => void lines.push(message),
    warn: (message: string) => void lines.push(message),
    error: (_object: object, message: string) => void lines.push(message),
  };
}

describe.each(DIALECTS)('generated hook modules (%s)', (dialect) => {
  let t: CgTestApp;
  let restarted: FastifyInstance;
  let root: string;
  let generated: string;
  beforeAll(async () => {
    t = await createCgApp(dialect);
    root = join(t.config.dataDir, 'generated');
    const tray = boxModel('Tray', {
      parentModel: null,
      indices: {},
      columns: {
        tray: { name: 'tray', type: 'string', size: 20, required: true, label: 'Tray' },
        remarks: { name: 'remarks', type: 'string', size: 40, label: 'Remarks' },
      },
    });
    expect((await t.call('POST', 'create-model', { template: tray })).status).toBe(201);
    expect((await t.call('POST', 'create-model-table', { model: 'CurationTray' })).status).toBe(200);
    const fields = ['tray', 'remarks'].map((name, order) => ({
      name,
      label: name,
      group: '-',
      order,
      formInput: { type: 'text' },
      validators: [],
    }));
    const form = { name: 'tray', dataModel: 'CurationTray', fields };
    expect((await t.call('POST', 'create-form', { template: form })).status).toBe(201);
    const model = { Generator: { templateName: 'CurationTray' } };
    const planned = asRecord((await t.call('POST', 'view?id=dis-model', model)).body).files as { id: string }[];
    const answers = Object.fromEntries(planned.map((f) => [f.id, true]));
    await t.call('POST', 'view?id=dis-model', { ...model, generate: true, answers });
    generated = readFileSync(join(root, 'hooks/CurationTray.hooks.mjs'), 'utf8');
  });
  afterAll(async () => {
    await restarted.close();
    await t.close();
  });

  const post = (app: FastifyInstance, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/v1/form?name=tray', headers: t.developer, payload: body });

  it('the generated module is plain JavaScript that imports nothing and defines no rule yet', async () => {
    expect(generated).toContain('export const hooks = {');
    expect(generated).not.toMatch(/^import /m);
    const created = await post(t.app, { tray: 'forbidden' });
    expect(created.statusCode).toBe(201);
  });

  it('a module edited in the folder is imported at start; the running instance follows without a restart', async () => {
    writeFileSync(join(root, 'hooks/CurationTray.hooks.mjs'), TRAY_RULE);
    writeFileSync(join(root, 'hooks/CurationBroken.hooks.mjs'), BROKEN);
    restarted = await buildApp(t.config, { database: { db: t.db, dialect, destroy: async () => undefined } });
    for (const app of [restarted, t.app]) {
      const refused = await post(app, { tray: 'forbidden' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual([{ field: 'tray', message: 'Tray forbidden is reserved.' }]);
      const created = await post(app, { tray: 'T-1' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ tray: 'T-1', remarks: 'checked by the hook' });
    }
  });

  it('a module that fails to import is logged once and skipped; the other models keep their hooks', async () => {
    const repository = createGeneratedFilesRepository(t.db);
    const log = silentLog();
    const source = createGeneratedHooks(repository, createTemplateStore(t.db), log);
    await source.refresh();
    const first = source.current();
    expect([...first.keys()]).toEqual(['Generated:CurationTray']);
    expect(first.get('Generated:CurationTray')?.hooks.beforeCreate).toBeTypeOf('function');
    expect(log.lines).toEqual([
      expect.stringMatching(/^generated hooks hooks\/CurationBroken\.hooks\.mjs skipped: /) as string,
      expect.stringMatching(/^generated hooks hooks\/CurationTray\.hooks\.mjs loaded \([0-9a-f]{12}\)$/) as string,
    ]);
    // Another file's write bumps the revision: the source reads the list again, imports nothing new.
    await repository.write('models/Unrelated.ts', '// unrelated\n');
    await source.refresh();
    expect(source.modulesImported()).toBe(2);
    expect(log.lines).toHaveLength(2);
    // The same content stored again (another model's copy) is one module.
    await repository.write('hooks/CurationCopy.hooks.mjs', TRAY_RULE);
    await source.refresh();
    expect([...source.current().keys()]).toEqual(['Generated:CurationCopy', 'Generated:CurationTray']);
    expect(source.modulesImported()).toBe(2);
  });

  it('at start: imports new and edited files, refreshes missing and outdated copies, never follows links out', async () => {
    const repository = createGeneratedFilesRepository(t.db);
    const outside = join(t.config.dataDir, 'Outside.mjs');
    writeFileSync(outside, 'export const hooks = { beforeCreate() {} };\n');
    symlinkSync(outside, join(root, 'hooks/CurationOutside.hooks.mjs'));
    // Outdated: a version the database held before; new: a content it never held.
    const before = (await repository.read('models/CurationTray.ts')) ?? '';
    await repository.write('models/CurationTray.ts', `${before}// regenerated elsewhere\n`);
    writeFileSync(join(root, 'models/CurationTray.postgres.sql'), '-- my own index\n');
    await repository.write('forms/TrayForm.tsx', 'export const fromAnotherInstance = 1;\n');

    const log = silentLog();
    const result = await syncGeneratedFolder(root, repository, log);
    expect(result).toEqual({
      imported: ['models/CurationTray.postgres.sql'],
      // Written by the test before through the database only, so missing from the folder too.
      refreshed: [
        'forms/TrayForm.tsx',
        'hooks/CurationCopy.hooks.mjs',
        'models/CurationTray.ts',
        'models/Unrelated.ts',
      ],
    });
    expect(log.lines[0]).toBe(
      'generated file hooks/CurationOutside.hooks.mjs skipped: it lies outside the generated folder',
    );
    expect(await repository.read('models/CurationTray.postgres.sql')).toBe('-- my own index\n');
    expect(readFileSync(join(root, 'models/CurationTray.ts'), 'utf8')).toContain('// regenerated elsewhere');
    expect(existsSync(join(root, 'forms/TrayForm.tsx'))).toBe(true);
    expect(await repository.read('hooks/CurationOutside.hooks.mjs')).toBeUndefined();
    // Once in step, a second start changes nothing.
    expect(await syncGeneratedFolder(root, repository, silentLog())).toEqual({ imported: [], refreshed: [] });
  });

  it('a missing generated folder imports nothing', async () => {
    const repository = createGeneratedFilesRepository(t.db);
    const result = await syncGeneratedFolder(join(t.config.dataDir, 'nowhere'), repository, silentLog());
    expect(result.imported).toEqual([]);
  });
});
