import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineScope, OfflineScopeEstimate } from '@mdis/shared';
import { DIALECTS } from './helpers/dialects';
import { type Headers, startTwoExpeditions, type TwoExpeditions } from './helpers/two-expeditions';

describe.each(DIALECTS)('GET api/v1/offline/scope (%s)', (dialect) => {
  let t: TwoExpeditions;

  beforeAll(async () => {
    t = await startTwoExpeditions(dialect);
  }, 120_000);
  afterAll(() => t.close());

  const scopeOf = (hole: Record<string, unknown>, headers: Headers = t.admin, extra = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/offline/scope?form=hole&id=${String(hole.id)}${extra}`, headers });

  it('holds the hole and everything below it, each record with its version, and what the forms need', async () => {
    const response = await scopeOf(t.own.hole);
    expect(response.statusCode, response.body).toBe(200);
    const scope = response.json<OfflineScope>();
    const byForm = new Map(scope.records.map((r) => [r.form, r]));
    const ids = (form: string) => byForm.get(form)?.records.map((r) => r.id);
    expect(ids('hole')).toEqual([t.own.hole.id]);
    expect(ids('core')).toEqual([t.own.core.id]);
    expect(ids('section')).toEqual([t.own.section.id]);
    expect(ids('split')).toEqual([t.own.split.id]);
    expect(ids('sample')).toEqual([t.own.sample.id]);
    // Nothing of the other expedition.
    const all = scope.records.flatMap((r) =>
      r.records.map((record) => (typeof record.combined_id === 'string' ? record.combined_id : '')),
    );
    expect(all.filter((id) => id.startsWith('7002'))).toEqual([]);
    expect(byForm.get('core')?.versions[String(t.own.core.id)]).toBeGreaterThan(0);
    expect(scope.forms.map((f) => f.name)).toEqual(
      expect.arrayContaining(['hole', 'core', 'section', 'split', 'sample']),
    );
    expect(scope.models.map((m) => m.fullName)).toEqual(
      expect.arrayContaining(['ProjectHole', 'CoreCore', 'CurationSample']),
    );
    expect(Object.keys(scope.valueLists).length).toBeGreaterThan(0);
    expect(scope.root).toEqual({ form: 'hole', id: t.own.hole.id });
  });

  it('estimates rows and size before the download', async () => {
    const response = await scopeOf(t.own.hole, t.admin, '&estimate=1');
    expect(response.statusCode, response.body).toBe(200);
    const estimate = response.json<OfflineScopeEstimate>();
    expect(estimate.rows).toMatchObject({ hole: 1, core: 1, section: 1, split: 1, sample: 1 });
    expect(estimate.totalRows).toBeGreaterThanOrEqual(5);
    expect(estimate.bytes).toBeGreaterThan(500);
  });

  it('applies limited access and form permissions as lists do', async () => {
    expect((await scopeOf(t.own.hole, t.users.limitedView)).statusCode).toBe(200);
    const foreign = await scopeOf(t.foreign.hole, t.users.limitedView);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ message: 'You are not allowed to perform this action.' });
    // Only the sample form: no view of the hole itself.
    expect((await scopeOf(t.own.hole, t.users.formView)).statusCode).toBe(403);
    expect((await scopeOf(t.own.hole, {})).statusCode).toBe(401);
    expect((await scopeOf({ id: 999999 })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/offline/scope?form=hole&id=abc', headers: t.admin });
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
  });

  describe('compression of the download (1.5 MB of JSON for a hole of 2,300 records)', () => {
    const download = (acceptEncoding?: string) =>
      scopeOf(t.own.hole, {
        ...t.admin,
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      });

    it('is gzip or brotli as the client accepts, and decodes to the same JSON', async () => {
      const plain = await download();
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      // the same answer but for the moment it was taken
      const withoutTime = ({ takenAt: _, ...rest }: OfflineScope) => rest;
      const decoded = (bytes: Buffer) => withoutTime(JSON.parse(bytes.toString('utf8')) as OfflineScope);
      const expected = withoutTime(plain.json<OfflineScope>());
      const gzip = await download('gzip, deflate');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.vary).toMatch(/accept-encoding/i);
      expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decoded(gunzipSync(gzip.rawPayload))).toEqual(expected);
      const br = await download('gzip, deflate, br, zstd');
      expect(br.headers['content-encoding']).toBe('br');
      expect(decoded(brotliDecompressSync(br.rawPayload))).toEqual(expected);
    });

    it('stays identity when the client refuses both, and the list API is never compressed', async () => {
      expect((await download('identity')).headers['content-encoding']).toBeUndefined();
      expect((await download('gzip;q=0, br;q=0')).headers['content-encoding']).toBeUndefined();
      expect((await download('br;q=0, *')).headers['content-encoding']).toBe('gzip');
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/form?name=sample&per-page=-1',
        headers: { ...t.admin, 'accept-encoding': 'gzip, br' },
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.headers['content-encoding']).toBeUndefined();
    });
  });
});
