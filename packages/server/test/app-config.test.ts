import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_APP_CONFIG, PUBLIC_APP_CONFIG_KEYS } from '@mdis/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers/dialects';
import { signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const APP = '/api/v1/app';
const PUBLISHED = Object.fromEntries(PUBLIC_APP_CONFIG_KEYS.map((key) => [key, DEFAULT_APP_CONFIG[key]]));

describe.each(DIALECTS)('app calls (%s)', (dialect) => {
  let t: TestApp;
  let developer: Awaited<ReturnType<typeof signedInUser>>;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    developer = await signedInUser(t.app, t.db, { roles: ['developer'] });
  });
  afterEach(() => t.close());

  const postConfig = (payload: object, headers: Record<string, string> = developer.headers) =>
    t.app.inject({ method: 'POST', url: `${APP}/config`, headers, payload });

  describe('app config', () => {
    it("answers the original's config keys publicly", async () => {
      const response = await t.app.inject({ method: 'GET', url: `${APP}/config` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(PUBLISHED);
      expect(Object.keys(PUBLISHED)).toContain('customScssFilePrefix');
    });

    it('should not publish any other key a developer stores, nor the IGSN settings', async () => {
      expect((await postConfig({ 'smtp-password': 'hunter2', 'igsn.prefix': 'ICDP' })).statusCode).toBe(200);
      const config = await t.app.inject({ method: 'GET', url: `${APP}/config` });
      expect(config.json()).toEqual(PUBLISHED);
      expect(config.body).not.toContain('hunter2');
      for (const key of ['smtp-password', 'igsn.prefix', 'igsn.method']) {
        expect((await t.app.inject({ method: 'GET', url: `${APP}/config/${key}` })).statusCode).toBe(404);
      }
    });

    it('answers one value as JSON, and 404 for an unknown key', async () => {
      const response = await t.app.inject({ method: 'GET', url: `${APP}/config/AppShortName` });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toBe('mDIS');
      const unknown = await t.app.inject({ method: 'GET', url: `${APP}/config/nothing-here` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ name: 'Not Found', code: 'NOT_FOUND', status: 404 });
    });

    it('lets a developer store values (null deletes) and answers the whole config', async () => {
      // The developer's answer is the whole config, unpublished keys included.
      const stored = await postConfig({ AppName: 'Expedition 5071', 'map.tiles': { url: 'https://tiles' } });
      expect(stored.statusCode).toBe(200);
      expect(stored.json()).toEqual({
        ...DEFAULT_APP_CONFIG,
        AppName: 'Expedition 5071',
        'map.tiles': { url: 'https://tiles' },
      });
      const read = await t.app.inject({ method: 'GET', url: `${APP}/config/AppName` });
      expect(read.json()).toBe('Expedition 5071');

      const deleted = await postConfig({ AppName: null, 'map.tiles': null });
      expect(deleted.json()).toEqual(DEFAULT_APP_CONFIG);
    });

    it('refuses an invalid key with 400 and stores nothing', async () => {
      const response = await postConfig({ AppName: 'Changed', Bad_Key: 1 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        name: 'Bad Request',
        message: "'Bad_Key' is not a valid config key",
        code: 'BAD_REQUEST',
        status: 400,
      });
      expect((await t.app.inject({ method: 'GET', url: `${APP}/config/AppName` })).json()).toBe(
        DEFAULT_APP_CONFIG.AppName,
      );
    });

    it('refuses invalid settings with 422 field messages and stores none of the change', async () => {
      const response = await postConfig({
        AppName: '  ',
        AppShortName: 'Ok',
        CopyrightLink: 'ftp://example.org',
        MapTilesBaseUrl: 'https://tile.openstreetmap.org/',
        'igsn.method': 'guess',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual([
        { field: 'AppName', message: 'App name cannot be empty' },
        { field: 'CopyrightLink', message: 'Enter a web address starting with http:// or https://' },
        {
          field: 'MapTilesBaseUrl',
          message: 'Enter the tiles address starting with http:// or https://, without a trailing slash',
        },
        { field: 'igsn.method', message: 'The IGSN method must be one of ICDP_classic, ICDP_2021, fixed_prefix' },
      ]);
      const unchanged = await t.app.inject({ method: 'GET', url: `${APP}/settings`, headers: developer.headers });
      expect(unchanged.json()).toMatchObject({ AppName: DEFAULT_APP_CONFIG.AppName, AppShortName: 'mDIS' });
    });

    it('needs a prefix for fixed_prefix IGSNs and an existing default user', async () => {
      const igsn = await postConfig({ 'igsn.method': 'fixed_prefix' });
      expect(igsn.json()).toEqual([{ field: 'igsn.prefix', message: 'The fixed_prefix method needs a prefix' }]);
      const user = await postConfig({ useDefaultUser: 'nobody-here' });
      expect(user.json()).toEqual([{ field: 'useDefaultUser', message: "There is no user named 'nobody-here'" }]);
      const stored = await postConfig({ 'igsn.method': 'fixed_prefix', 'igsn.prefix': 'ICDP5071' });
      expect(stored.statusCode).toBe(200);
      const settings = await t.app.inject({ method: 'GET', url: `${APP}/settings`, headers: developer.headers });
      expect(settings.json()).toMatchObject({ 'igsn.method': 'fixed_prefix', 'igsn.prefix': 'ICDP5071' });
    });

    it('should not let an operator read the settings', async () => {
      const operator = await signedInUser(t.app, t.db, { roles: ['operator'] });
      const response = await t.app.inject({ method: 'GET', url: `${APP}/settings`, headers: operator.headers });
      expect(response.statusCode).toBe(403);
    });

    it('should not let an operator or an anonymous caller change the config', async () => {
      const operator = await signedInUser(t.app, t.db, { roles: ['operator'] });
      expect((await postConfig({ AppName: 'x' }, operator.headers)).statusCode).toBe(403);
      expect((await postConfig({ AppName: 'x' }, {})).statusCode).toBe(401);
    });
  });

  describe('user config', () => {
    const userConfig = (headers: Record<string, string>, name = '') =>
      t.app.inject({ method: 'GET', url: `${APP}/user-config${name}`, headers });

    it('falls back to the app config for keys the user has not set', async () => {
      await postConfig({ 'home-page': 'dashboard' });
      const viewer = await signedInUser(t.app, t.db, { roles: ['viewer'] });
      expect((await userConfig(viewer.headers, '/home-page')).json()).toBe('dashboard');
      expect((await userConfig(viewer.headers, '/favorite-forms')).json()).toEqual([]);

      const favorites = [{ module: 'Core', key: 'core', label: 'Core' }];
      const stored = await t.app.inject({
        method: 'POST',
        url: `${APP}/user-config`,
        headers: viewer.headers,
        payload: { 'favorite-forms': favorites, 'home-page': 'files' },
      });
      expect(stored.statusCode).toBe(200);
      expect(stored.json()).toMatchObject({
        'favorite-forms': favorites,
        'home-page': 'files',
        AppName: DEFAULT_APP_CONFIG.AppName,
      });
      expect((await userConfig(viewer.headers, '/home-page')).json()).toBe('files');
      // Another user still sees the app config.
      expect((await userConfig(developer.headers, '/home-page')).json()).toBe('dashboard');
      expect((await userConfig(viewer.headers, '/unknown-key')).statusCode).toBe(404);
    });

    it('needs a signed-in user', async () => {
      expect((await t.app.inject({ method: 'GET', url: `${APP}/user-config` })).statusCode).toBe(401);
    });

    it('stores the facet search of set-facet-values in the user config', async () => {
      const facetSearch = { program: ['ICDP'], expedition: ['5071'] };
      const response = await t.app.inject({
        method: 'POST',
        url: `${APP}/set-facet-values`,
        headers: developer.headers,
        payload: { facetSearch },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ facetSearch });
      expect((await userConfig(developer.headers, '/facetSearch')).json()).toEqual(facetSearch);
    });
  });

  describe('forms, messages and the custom stylesheet', () => {
    it('answers no forms and no messages yet', async () => {
      const forms = await t.app.inject({ method: 'GET', url: `${APP}/forms`, headers: developer.headers });
      expect(forms.json()).toEqual({});
      const messages = await t.app.inject({ method: 'GET', url: `${APP}/get-messages`, headers: developer.headers });
      expect(messages.json()).toEqual([]);
    });

    it('serves the custom stylesheet only when useCustomScss is on', async () => {
      writeFileSync(join(t.config.dataDir, 'theme.css'), 'body { color: red; }');
      const css = () => t.app.inject({ method: 'GET', url: `${APP}/custom-stylesheet` });
      expect((await css()).statusCode).toBe(404);
      await postConfig({ useCustomScss: true, customScssFilePrefix: 'theme' });
      const response = await css();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/css/);
      expect(response.body).toBe('body { color: red; }');
      await postConfig({ customScssFilePrefix: '../../etc/passwd' });
      expect((await css()).statusCode).toBe(404);
    });
  });
});
