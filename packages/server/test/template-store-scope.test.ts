import { parseFormTemplate } from '@mdis/shared';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplateStore, runInTemplateScope } from '../src/engine/templates/template-store';
import { DIALECTS } from './helpers/dialects';
import { type RecordsTestApp, createRecordsApp, saveAndSync, seedChain } from './records-helpers';
import { EXPEDITION, FORMS } from './records-models';

const isRevisionRead = (query: string) => /select .*from "template_revision"/i.test(query);
// The access check reads the revision in the token's own query (one round trip, not two).
const isTokenReadWithRevision = (query: string) => /from "auth_tokens"/i.test(query) && /template_revision/.test(query);

describe.each(DIALECTS)('template store revision reads per request (%s)', (dialect) => {
  let t: RecordsTestApp;
  const revisionReads = () => t.queries.filter(isRevisionRead).length;
  const tokenReads = () => t.queries.filter(isTokenReadWithRevision).length;

  beforeAll(async () => {
    t = await createRecordsApp(dialect);
    await seedChain(t);
  });
  afterAll(async () => t.close());

  it('reads the revision with the token in a records list request, not in a query of its own', async () => {
    t.queries.length = 0;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/global?name=ProjectSite&sort=expedition_code&filter[site_name]=North',
      headers: t.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(tokenReads()).toBe(1);
    expect(revisionReads()).toBe(0);
  });

  it('reads it with the token in a request with a body too', async () => {
    t.queries.length = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/form?name=expedition',
      headers: t.admin,
      payload: { expedition: '7001', exp_acronym: 'BODY' },
    });
    expect(response.statusCode).toBe(201);
    expect(tokenReads()).toBe(1);
    expect(revisionReads()).toBe(0);
  });

  it('reads it on every lookup outside a scope and once inside one', async () => {
    const store = createTemplateStore(t.db.withPlugin(recorderOf(t)));
    t.queries.length = 0;
    for (const name of ['ProjectExpedition', 'ProjectSite', 'ProjectHole']) await store.getModel(name);
    await store.listForms();
    expect(revisionReads()).toBe(4);
    t.queries.length = 0;
    await runInTemplateScope(async () => {
      for (const name of ['ProjectExpedition', 'ProjectSite', 'ProjectHole']) await store.getModel(name);
      await Promise.all([store.listForms(), store.listModels()]);
    });
    expect(revisionReads()).toBe(1);
  });

  it('sees its own writes inside a scope', async () => {
    const store = createTemplateStore(t.db);
    await runInTemplateScope(async () => {
      const before = await store.requireForm('expedition');
      await store.saveForm(parseFormTemplate({ ...before, fields: before.fields.slice(0, 2) }));
      expect((await store.requireForm('expedition')).fields).toHaveLength(2);
      await store.deleteForm('expedition');
      expect(await store.getForm('expedition')).toBeUndefined();
      await store.saveForm(parseFormTemplate(FORMS[0]));
    });
    expect((await store.requireForm('expedition')).fields).toHaveLength(3);
  });

  it('sees a template saved by another store instance in the next request', async () => {
    const url = '/api/v1/global?name=ProjectExpedition&per-page=1';
    const columnsOf = async () =>
      Object.keys(
        (await t.app.inject({ method: 'GET', url, headers: t.admin })).json<{ items: Record<string, unknown>[] }>()
          .items[0] ?? {},
      );
    expect(await columnsOf()).not.toContain('remark');
    await saveAndSync(t.db, dialect, {
      ...EXPEDITION,
      columns: { ...EXPEDITION.columns, remark: { name: 'remark', type: 'string', size: 20, label: 'Remark' } },
    });
    expect(await columnsOf()).toContain('remark');
  });
});

// Records into the app's query list for a store built outside the app.
function recorderOf(t: RecordsTestApp): KyselyPlugin {
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      t.queries.push(t.db.getExecutor().compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    transformResult: (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> =>
      Promise.resolve(args.result),
  };
}
