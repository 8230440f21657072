import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createBehaviorRegistry } from '../src/engine/behaviors/behavior-registry';
import { loadGeneratedHooks } from '../src/modules/template-manager/generator/load-generated-hooks';
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

function silentLog() {
  const lines: string[] = [];
  return {
    lines,
    info: (message: string) => void lines.push(message),
    error: (_object: object, message: string) => void lines.push(message),
  };
}

describe.each(DIALECTS)('generated hook modules loaded at start (%s)', (dialect) => {
  let t: CgTestApp;
  let restarted: FastifyInstance;
  let hooksDir: string;
  let generated: string;
  beforeAll(async () => {
    t = await createCgApp(dialect);
    hooksDir = join(t.config.dataDir, 'generated', 'hooks');
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

    // The developer edits the generated hook module, breaks another one, and restarts the server.
    generated = readFileSync(join(hooksDir, 'CurationTray.hooks.mjs'), 'utf8');
    expect(generated).toContain('export const hooks = {');
    writeFileSync(join(hooksDir, 'CurationTray.hooks.mjs'), TRAY_RULE);
    writeFileSync(join(hooksDir, 'CurationBroken.hooks.mjs'), 'export const hooks = {\n  beforeCreate( {\n');
    restarted = await buildApp(t.config, { database: { db: t.db, dialect, destroy: async () => undefined } });
  });
  afterAll(async () => {
    await restarted.close();
    await t.close();
  });

  const post = (app: FastifyInstance, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/v1/form?name=tray', headers: t.developer, payload: body });

  it('the generated module is plain JavaScript that imports nothing and defines no rule yet', async () => {
    expect(generated).not.toMatch(/^import /m);
    const created = await post(t.app, { tray: 'forbidden' });
    expect(created.statusCode).toBe(201);
  });

  it('after a restart, the edited hook module refuses a value with a 422 and changes the record', async () => {
    const refused = await post(restarted, { tray: 'forbidden' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual([{ field: 'tray', message: 'Tray forbidden is reserved.' }]);
    const created = await post(restarted, { tray: 'T-1' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ tray: 'T-1', remarks: 'checked by the hook' });
  });

  it('skips a module with a syntax error, a module outside the folder and other files, with a log line', async () => {
    const outside = join(t.config.dataDir, 'Outside.mjs');
    writeFileSync(outside, 'export const hooks = { beforeCreate() {} };\n');
    symlinkSync(outside, join(hooksDir, 'CurationOutside.hooks.mjs'));
    writeFileSync(join(hooksDir, 'notes.txt'), 'not a hook module');
    mkdirSync(join(hooksDir, 'old'), { recursive: true });
    // The module as the generator writes it loads as it is.
    writeFileSync(join(hooksDir, 'CurationPlain.hooks.mjs'), generated);
    const registry = createBehaviorRegistry();
    const log = silentLog();
    const loaded = await loadGeneratedHooks(join(t.config.dataDir, 'generated'), registry, log);
    expect(loaded).toEqual(['CurationPlain', 'CurationTray']);
    expect(log.lines).toEqual([
      expect.stringMatching(/^generated hooks CurationBroken\.hooks\.mjs skipped: /) as string,
      'generated hooks CurationOutside.hooks.mjs skipped: it lies outside the generated folder',
      'generated hooks loaded for CurationPlain, CurationTray',
    ]);
    expect(registry.get('Generated:CurationTray')?.hooks.beforeCreate).toBeTypeOf('function');
    // Not a behavior a template could pick: it applies to its own model on its own.
    expect(registry.list().map((b) => b.name)).not.toContain('Generated:CurationTray');
  });

  it('a missing generated folder loads nothing', async () => {
    expect(await loadGeneratedHooks('/nonexistent/generated', createBehaviorRegistry(), silentLog())).toEqual([]);
  });
});
