import type { Role, Widget } from '@mdis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrateToLatest } from '../src/infra/db/migrate';
import { seedDefaultWidgets } from '../src/modules/widgets/default-widgets';
import { seedDatabase } from '../src/seed/seed';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

type Row = Record<string, unknown>;
type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const COLOR_MESSAGE = 'Please enter, select or pick a valid color';
const DEFAULT_TYPES = [
  'ProjectInformationWidget',
  'InstructionsWidget',
  'PostBoxWidget',
  'MessageOfTheDayWidget',
  'SitesAndHolesMapWidget',
  'SimpleChartWidget',
  'ScanQrCodeWidget',
  'SamplesCsvWidget',
];

describe.each(DIALECTS)('widgets API (%s)', (dialect) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const as: Partial<Record<Role | 'defaultUser', Headers>> = {};

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const config = testConfig({ database: database.config, dataDir: database.dataDir });
    await seedDatabase(database, config);
    app = await buildApp(config, { database });
    for (const role of ['administrator', 'developer', 'operator', 'viewer'] as const) {
      as[role] = (await signedInUser(app, database.db, { roles: [role] })).headers;
    }
    as.defaultUser = (await signedInUser(app, database.db, { roles: ['developer', 'readOnly'] })).headers;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const call = (method: Method, url: string, headers: Headers | undefined, payload?: object) =>
    app.inject({ method, url: `/api/v1/widgets${url}`, headers, ...(payload === undefined ? {} : { payload }) });

  async function widgets(): Promise<Widget[]> {
    const response = await call('GET', '?sort=order', as.viewer);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Widget[] }>().items;
  }

  async function created(payload: Row, headers = as.developer): Promise<Widget> {
    const response = await call('POST', '', headers, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Widget>();
  }

  it('seeds a default dashboard of every widget type on a new database, once', async () => {
    const items = await widgets();
    expect(items.map((w) => w.type)).toEqual(DEFAULT_TYPES);
    expect(items.map((w) => w.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(items.every((w) => w.active === 1 && w.title !== '')).toBe(true);
    expect(items.find((w) => w.type === 'SimpleChartWidget')?.extraSettings).toMatchObject({
      model: 'CoreCore',
      xColumn: 'combined_id',
      yColumn: 'core_recovery',
      chartType: 'bar',
    });
    await seedDefaultWidgets(database.db);
    expect(await widgets()).toHaveLength(DEFAULT_TYPES.length);
  });

  it('lays the default dashboard out in full rows at every width (no half-empty row)', async () => {
    const items = await widgets();
    for (const size of ['sm_size', 'md_size', 'lg_size'] as const) {
      // the grid's own wrapping: a widget that does not fit the row's rest starts a new row
      const rows: number[] = [0];
      for (const widget of items) {
        const last = rows.length - 1;
        if ((rows[last] ?? 0) + widget[size] > 12) rows.push(widget[size]);
        else rows[last] = (rows[last] ?? 0) + widget[size];
      }
      expect(rows, `the rows at ${size}`).toEqual(rows.map(() => 12));
    }
  });

  it('answers 401 without a login and 403 to users who may not edit the dashboard', async () => {
    const before = await widgets();
    const [first] = before;
    expect((await call('GET', '', undefined)).statusCode).toBe(401);
    expect((await call('POST', '', undefined, { type: 'PostBoxWidget' })).statusCode).toBe(401);
    expect((await call('GET', '', as.defaultUser)).statusCode).toBe(200);
    for (const headers of [as.operator, as.viewer, as.defaultUser]) {
      const attempts = [
        await call('POST', '', headers, { type: 'PostBoxWidget' }),
        await call('POST', `/duplicate/${String(first.id)}`, headers),
        await call('PUT', `/${String(first.id)}`, headers, { title: 'Mine' }),
        await call('DELETE', `/${String(first.id)}`, headers),
        await call('PUT', '', headers, [{ id: first.id, order: 0, active: 0 }]),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    }
    expect(await widgets()).toEqual(before);
  });

  it('creates a widget with defaults after the last one, and updates only the fields sent', async () => {
    const widget = await created({ type: 'PostBoxWidget', title: 'News', color: 'red accent-2', is_dark: false });
    expect(widget).toMatchObject({
      type: 'PostBoxWidget',
      title: 'News',
      color: 'red accent-2',
      is_dark: 0,
      active: 1,
      order: 8,
      xs_size: 12,
      cloneable: 1,
      deletable: 1,
      extraSettings: {},
    });
    const response = await call('PUT', `/${String(widget.id)}`, as.administrator, {
      ...widget,
      subtitle: 'Latest posts',
      color: '#A1b',
      lg_size: 9,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ title: 'News', subtitle: 'Latest posts', color: '#A1b', lg_size: 9 });
    expect((await call('GET', `/${String(widget.id)}`, as.viewer)).json()).toMatchObject({ color: '#A1b' });
  });

  it('refuses an invalid colour, size or type with the exact message and changes nothing', async () => {
    const [first] = await widgets();
    for (const color of ['blue darken-9', '#abcdefa', 'abc', '', 'rgb(1,2,3)']) {
      const response = await call('PUT', `/${String(first.id)}`, as.developer, { color });
      expect(response.statusCode, color).toBe(422);
      expect(response.json()).toEqual([{ field: 'color', message: COLOR_MESSAGE }]);
    }
    for (const color of ['blue', 'blue-grey darken-1', 'white', '#fff', '#03A9F4']) {
      expect((await call('PUT', `/${String(first.id)}`, as.developer, { color })).statusCode, color).toBe(200);
    }
    const bad = await call('PUT', `/${String(first.id)}`, as.developer, { md_size: 5, title: 'Changed' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual([{ field: 'md_size', message: 'Size must be one of 3, 4, 6, 8, 9 or 12' }]);
    const badType = await call('POST', '', as.developer, { type: 'no spaces' });
    expect(badType.json()).toEqual([
      { field: 'type', message: 'Type must be a widget type name (letters and digits)' },
    ]);
    expect((await widgets())[0]).toMatchObject({ title: first.title, md_size: first.md_size, color: '#03A9F4' });
  });

  it('requires the chart table and axes and checks query filter columns against the model templates', async () => {
    const empty = await call('POST', '', as.developer, { type: 'SimpleChartWidget', extraSettings: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual([
      { field: 'extraSettings.model', message: 'Table cannot be empty' },
      { field: 'extraSettings.xColumn', message: 'x Axis Column cannot be empty' },
      { field: 'extraSettings.yColumn', message: 'y Axis Column cannot be empty' },
    ]);
    const chart = { model: 'ProjectHole', xColumn: 'hole', yColumn: 'depth_drilled', chartType: 'line' };
    const unknown = await call('POST', '', as.developer, {
      type: 'SimpleChartWidget',
      extraSettings: { ...chart, queryFilter: 'hole=A&colour=red' },
    });
    expect(unknown.json()).toEqual([
      { field: 'extraSettings.queryFilter', message: 'colour in Query Filter does not exist' },
    ]);
    const widget = await created({ type: 'SimpleChartWidget', extraSettings: { ...chart, queryFilter: 'hole=A' } });
    expect(widget.extraSettings).toEqual({ ...chart, queryFilter: 'hole=A' });
    const map = await call('POST', '', as.developer, {
      type: 'SitesAndHolesMapWidget',
      extraSettings: { tilesBaseUrl: 'https://tiles.example.org/', startZoom: 'near' },
    });
    expect(map.json()).toEqual([
      { field: 'extraSettings.startZoom', message: 'Start Zoom must be a number' },
      { field: 'extraSettings.tilesBaseUrl', message: 'The tiles URL must not end with a slash' },
    ]);
  });

  it('stores a project image as a data URL larger than the default body limit', async () => {
    const [info] = await widgets();
    const projectImage = `data:image/png;base64,${'A'.repeat(3 * 1024 * 1024)}`;
    const response = await call('PUT', `/${String(info.id)}`, as.developer, {
      extraSettings: { ...info.extraSettings, projectImage, imageWidth: 75 },
    });
    expect(response.statusCode).toBe(200);
    const stored = (await call('GET', `/${String(info.id)}`, as.viewer)).json<Widget>();
    expect(stored.extraSettings.projectImage).toBe(projectImage);
    const notImage = await call('PUT', `/${String(info.id)}`, as.developer, {
      extraSettings: { projectImage: 'https://example.org/x.png', imageWidth: 30 },
    });
    expect(notImage.json()).toEqual([
      { field: 'extraSettings.projectImage', message: 'The image must be an image data URL' },
      { field: 'extraSettings.imageWidth', message: 'Image width must be 25, 50, 75 or 100' },
    ]);
  });

  it('documents every widget route in the OpenAPI document', async () => {
    const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/widgets/',
        '/api/v1/widgets/{id}',
        '/api/v1/widgets/duplicate/{id}',
        '/api/v1/widgets/download-samples-as-csv',
      ]),
    );
  });

  it('sorts by a known column only', async () => {
    const response = await call('GET', '?sort=-order', as.viewer);
    const orders = response.json<{ items: Widget[] }>().items.map((w) => w.order);
    expect(orders).toEqual([...orders].sort((x, y) => y - x));
    const bad = await call('GET', '?sort=password', as.viewer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: "Invalid query parameter 'sort': unknown column 'password'." });
  });

  it('duplicates a widget after the last one unless it is not cloneable', async () => {
    const source = await created({ type: 'InstructionsWidget', title: 'Help', extraSettings: { extraLinks: [] } });
    const response = await call('POST', `/duplicate/${String(source.id)}`, as.administrator);
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<Widget>();
    const last = Math.max(...(await widgets()).map((w) => w.order));
    expect(copy).toEqual({ ...source, id: copy.id, order: last });
    expect(copy.id).not.toBe(source.id);

    const fixed = await created({ type: 'ScanQrCodeWidget', cloneable: 0, deletable: 0 });
    const refused = await call('POST', `/duplicate/${String(fixed.id)}`, as.developer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'This widget cannot be duplicated.' });
    const undeletable = await call('DELETE', `/${String(fixed.id)}`, as.developer);
    expect(undeletable.statusCode).toBe(409);
    expect(undeletable.json()).toMatchObject({ message: 'This widget cannot be deleted.' });
    expect((await call('POST', '/duplicate/999999', as.developer)).statusCode).toBe(404);
  });

  it('deletes a widget', async () => {
    const widget = await created({ type: 'PostBoxWidget' });
    expect((await call('DELETE', `/${String(widget.id)}`, as.developer)).statusCode).toBe(204);
    const gone = await call('GET', `/${String(widget.id)}`, as.viewer);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: 'Widget not found.' });
    expect((await call('DELETE', `/${String(widget.id)}`, as.developer)).statusCode).toBe(404);
  });

  it('reorders: listed widgets take their order and active flag, all or nothing', async () => {
    const before = await widgets();
    const [a, b, c] = before;
    // The dashboard's drag: c first, a second, b dragged to the inactive area.
    const places = [
      { id: c.id, order: 0, active: true },
      { id: a.id, order: 1, active: 1 },
      { id: b.id, order: 2, active: false },
    ];
    const response = await call('PUT', '', as.developer, places);
    expect(response.statusCode, response.body).toBe(200);
    const after = await widgets();
    expect(after.slice(0, 3).map((w) => [w.id, w.order, w.active])).toEqual([
      [c.id, 0, 1],
      [a.id, 1, 1],
      [b.id, 2, 0],
    ]);
    expect(response.json<{ items: Widget[] }>().items).toEqual(after);

    const refused = await call('PATCH', '', as.developer, [
      { id: a.id, order: 5, active: 0 },
      { id: 999999, order: 6, active: 1 },
      { id: a.id, order: 7, active: 1 },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual([
      { field: '1.id', message: 'Widget 999999 does not exist.' },
      { field: '2.id', message: `Widget ${String(a.id)} is listed more than once.` },
    ]);
    expect(await widgets()).toEqual(after);
    const badBody = await call('PUT', '', as.developer, [{ id: a.id, order: 'first', active: 1 }]);
    expect(badBody.statusCode).toBe(422);
  });
});
