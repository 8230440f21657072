import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncResponse } from '@mdis/shared';
import { DIALECTS } from './helpers/dialects';
import { type Headers, startTwoExpeditions, type TwoExpeditions } from './helpers/two-expeditions';

type Row = Record<string, unknown>;

const coreValues = (holeId: unknown, core: number): Row => ({
  hole_id: holeId,
  core,
  core_ondeck: '2024-05-04T10:00:00Z',
  drillers_top_depth: 20 + core * 3,
  drilled_length: 3,
  core_recovery: 2.5,
  core_type: 'R',
});

describe.each(DIALECTS)('POST api/v1/sync (%s)', (dialect) => {
  let t: TwoExpeditions;
  let opCounter = 0;
  const opId = () => `op-${dialect}-${String(++opCounter)}`;

  beforeAll(async () => {
    t = await startTwoExpeditions(dialect);
  }, 120_000);
  afterAll(() => t.close());

  async function sync(operations: Row[], headers: Headers = t.admin) {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/sync', headers, payload: { operations } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SyncResponse>();
  }
  const count = async (table: string) =>
    Number(
      (
        await t.database.db
          .selectFrom(table as never)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
  const get = async (form: string, id: unknown) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/form/${String(id)}?name=${form}`,
      headers: t.admin,
    });
    return response.json<Row>();
  };
  const versionOf = async (id: unknown) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/offline/scope?form=hole&id=${String(t.own.hole.id)}`,
      headers: t.admin,
    });
    const scope = response.json<{ records: { form: string; versions: Record<string, number> }[] }>();
    return scope.records.find((r) => r.form === 'core')?.versions[String(id)] ?? -1;
  };

  it('applies an ordered batch: parents first, their tempIds mapped to real ids for the children', async () => {
    const operations = [
      { opId: opId(), form: 'core', action: 'create', tempId: 'core-a', values: coreValues(t.own.hole.id, 11) },
      {
        opId: opId(),
        form: 'section',
        action: 'create',
        tempId: 'sec-a1',
        values: { core_id: 'core-a', section: 1, section_length: 1 },
      },
      {
        opId: opId(),
        form: 'section',
        action: 'create',
        tempId: 'sec-a2',
        values: { core_id: 'core-a', section: 2, section_length: 1 },
      },
      { opId: opId(), form: 'core', action: 'update', id: 'core-a', values: { comment: 'logged offline' } },
    ];
    const { results, idMap } = await sync(operations);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const [core, first, second, updated] = results;
    expect(idMap).toMatchObject({ 'core-a': core.id, 'sec-a1': first.id, 'sec-a2': second.id });
    // The server's behaviors ran: combined ids and the IGSN come from the server.
    expect(core.record).toMatchObject({ hole_id: t.own.hole.id, combined_id: `${String(t.own.hole.combined_id)}_011` });
    expect(String(core.record?.igsn)).toMatch(/^ICDP/);
    expect(first.record).toMatchObject({ core_id: core.id, combined_id: `${String(core.record?.combined_id)}_1` });
    expect(updated).toMatchObject({ id: core.id, record: { comment: 'logged offline' } });
    expect(updated.version).toBeGreaterThan(core.version ?? 0);
    expect(await get('section', second.id)).toMatchObject({ core_id: core.id, section: 2 });
  });

  it('is idempotent: the same upload again writes nothing and answers as the first time', async () => {
    const operations = [
      { opId: 'again-1', form: 'core', action: 'create', tempId: 'core-b', values: coreValues(t.own.hole.id, 12) },
      {
        opId: 'again-2',
        form: 'section',
        action: 'create',
        values: { core_id: 'core-b', section: 1, section_length: 1 },
      },
    ];
    const first = await sync(operations);
    const cores = await count('core_core');
    const sections = await count('core_section');
    const second = await sync(operations);
    expect(second.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect(second.results.map((r) => r.id)).toEqual(first.results.map((r) => r.id));
    expect(second.idMap['core-b']).toBe(first.results[0].id);
    expect(await count('core_core')).toBe(cores);
    expect(await count('core_section')).toBe(sections);
    // A later upload may still name the parent by its tempId.
    const later = await sync([
      {
        opId: 'again-3',
        form: 'section',
        action: 'create',
        values: { core_id: 'core-b', section: 2, section_length: 1 },
      },
    ]);
    expect(later.results[0]).toMatchObject({ status: 'applied', record: { core_id: first.results[0].id } });
  });

  it('detects a conflict: the record changed on the server since the client took it; force writes over it', async () => {
    const core = t.own.core;
    const base = await versionOf(core.id);
    expect(base).toBeGreaterThan(0);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/form/${String(core.id)}?name=core`,
      headers: t.users.operator,
      payload: { drillers_top_depth: 11 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const edit = { form: 'core', action: 'update', id: core.id, baseVersion: base, values: { comment: 'mine' } };
    const { results } = await sync([{ opId: opId(), ...edit }]);
    expect(results[0]).toMatchObject({ status: 'conflict', id: core.id, record: { drillers_top_depth: 11 } });
    expect(results[0].serverChanges).toEqual(['drillers_top_depth']);
    expect(results[0].version).toBeGreaterThan(base);
    expect((await get('core', core.id)).comment).not.toBe('mine');
    const forced = await sync([{ opId: opId(), ...edit, force: true }]);
    expect(forced.results[0]).toMatchObject({ status: 'applied', record: { comment: 'mine', drillers_top_depth: 11 } });
    // With the server's version as base, the next edit is no conflict; nor are the batch's own writes.
    const next = forced.results[0].version;
    const two = await sync([
      { opId: opId(), ...edit, baseVersion: next, values: { comment: 'one' } },
      { opId: opId(), ...edit, baseVersion: next, values: { comment: 'two' } },
    ]);
    expect(two.results.map((r) => r.status)).toEqual(['applied', 'applied']);
  });

  it('answers each refused operation by itself: invalid with field errors, its dependants skipped, the rest applied', async () => {
    const before = await count('core_core');
    const { results } = await sync([
      {
        opId: opId(),
        form: 'core',
        action: 'create',
        tempId: 'bad-core',
        values: { ...coreValues(t.own.hole.id, 13), core_recovery: 'lots' },
      },
      {
        opId: opId(),
        form: 'section',
        action: 'create',
        values: { core_id: 'bad-core', section: 1, section_length: 1 },
      },
      { opId: opId(), form: 'core', action: 'create', values: coreValues(t.own.hole.id, 14) },
    ]);
    expect(results.map((r) => r.status)).toEqual(['invalid', 'skipped', 'applied']);
    expect(results[0].errors?.[0]).toMatchObject({ field: 'core_recovery' });
    expect(results[1].message).toBe('Waits for bad-core, which is not on the server yet.');
    expect(await count('core_core')).toBe(before + 1);
    // The refused operation was not remembered: corrected, the same opId applies.
    const retried = await sync([
      {
        opId: results[0].opId,
        form: 'core',
        action: 'create',
        tempId: 'bad-core',
        values: coreValues(t.own.hole.id, 13),
      },
    ]);
    expect(retried.results[0].status).toBe('applied');
  });

  it('says gone for a record deleted on the server meanwhile', async () => {
    const { results } = await sync([
      { opId: opId(), form: 'core', action: 'create', tempId: 'doomed', values: coreValues(t.own.hole.id, 15) },
    ]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/form/${String(results[0].id)}?name=core`,
      headers: t.admin,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const edit = await sync([
      { opId: opId(), form: 'core', action: 'update', id: results[0].id, values: { comment: 'x' } },
    ]);
    expect(edit.results[0]).toMatchObject({ status: 'gone', message: 'Record not found.' });
  });

  it('checks permissions per operation: read-only users and records outside a limited scope are refused', async () => {
    const before = await count('core_core');
    const viewer = await sync(
      [{ opId: 'v-1', form: 'core', action: 'create', values: coreValues(t.own.hole.id, 16) }],
      t.users.viewer,
    );
    expect(viewer.results[0]).toMatchObject({
      status: 'forbidden',
      message: 'You are not allowed to perform this action.',
    });
    const limited = await sync(
      [
        { opId: 'l-1', form: 'core', action: 'create', values: coreValues(t.foreign.hole.id, 16) },
        { opId: 'l-2', form: 'core', action: 'update', id: t.foreign.core.id, values: { comment: 'x' } },
        { opId: 'l-3', form: 'core', action: 'create', values: coreValues(t.own.hole.id, 16) },
      ],
      t.users.limitedEdit,
    );
    expect(limited.results.map((r) => r.status)).toEqual(['forbidden', 'forbidden', 'applied']);
    expect(await count('core_core')).toBe(before + 1);
    // Operation ids are per user: another user's same opId is a new operation.
    const other = await sync([{ opId: 'l-3', form: 'core', action: 'create', values: coreValues(t.own.hole.id, 17) }]);
    expect(other.results[0].status).toBe('applied');
  });

  it('refuses a malformed upload with a 422 and changes nothing', async () => {
    const before = await count('core_core');
    for (const payload of [
      {},
      { operations: [] },
      { operations: [{ opId: 'x', form: 'core', action: 'update', values: {} }] },
      { operations: [{ opId: 'x', action: 'create', values: {} }] },
      { operations: [{ opId: 'x', form: 'core', action: 'explode' }] },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/sync', headers: t.admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const unknown = await sync([{ opId: opId(), form: 'no-such-form', action: 'create', values: {} }]);
    expect(unknown.results[0]).toMatchObject({ status: 'invalid', message: 'form not found' });
    expect(await count('core_core')).toBe(before);
  });
});
