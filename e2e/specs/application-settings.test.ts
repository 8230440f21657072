import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApplicationSettingsPage } from '../pages/ApplicationSettingsPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { apiCreateUser, apiLogin, apiSetAppConfig } from '../support/api';
import { ADMIN } from '../support/env';
import { browserSuite } from '../support/suite';
import { hasText, hidden, visible } from '../support/wait';

const OPERATOR = { username: 'olaf-settings', email: 'olaf-settings@example.org', password: 'olaf-Pass-word-1' };

async function signIn(page: Page, username: string, password: string): Promise<ShellPage> {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(username, password);
  const shell = new ShellPage(page);
  await shell.waitUntilShown();
  return shell;
}

async function storedConfig(key: string): Promise<unknown> {
  const response = await fetch(`${inject('baseUrl')}/api/v1/app/config/${key}`);
  return response.json();
}

browserSuite('the application settings screen', 'app-settings', (session) => {
  beforeAll(async () => {
    const admin = await apiLogin(inject('baseUrl'), ADMIN.username, ADMIN.password);
    await apiCreateUser(inject('baseUrl'), admin.token, { ...OPERATOR, roles: ['operator'] });
  });
  afterAll(async () => {
    // Other specs share this server: give them back the default name.
    const admin = await apiLogin(inject('baseUrl'), ADMIN.username, ADMIN.password);
    await apiSetAppConfig(inject('baseUrl'), admin.token, { AppName: null });
  });

  test('an administrator renames the app: the preview follows as they type, the header after saving', async () => {
    const page = await session().newPage();
    const shell = await signIn(page, ADMIN.username, ADMIN.password);
    await shell.navLink('Settings').click();
    await page.getByRole('link', { name: /Application Settings/ }).click();
    const settings = new ApplicationSettingsPage(page);
    await visible(settings.heading);

    await settings.input('App name').fill('Expedition 5071 Information System');
    await hasText(settings.preview, 'Expedition 5071 Information System');
    await hidden(page.getByRole('banner').getByText('Expedition 5071 Information System'));
    await settings.save.click();
    await hasText(settings.summary, 'Settings saved.');
    await visible(page.getByRole('banner').getByText('Expedition 5071 Information System'));
    await session().shot(page, 'renamed');
    expect(await storedConfig('AppName')).toBe('Expedition 5071 Information System');
  });

  test('invalid input shows the field error and saves nothing', async () => {
    const page = await session().newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    const settings = new ApplicationSettingsPage(page);
    await settings.goto();
    await settings.input('Short name').fill('');
    await settings.input('Copyright text').fill('ICDP 2026');
    await settings.input('Map tiles URL').fill('https://tile.openstreetmap.org/');
    await settings.save.click();
    await hasText(settings.helperText('Short name'), 'Short name cannot be empty');
    await hasText(
      settings.helperText('Map tiles URL'),
      'Enter the tiles address starting with http:// or https://, without a trailing slash',
    );
    await hasText(settings.summary, 'Nothing was saved: correct the marked fields.');
    await session().shot(page, 'invalid');
    expect(await storedConfig('AppShortName')).toBe('mDIS');
    expect(await storedConfig('CopyrightText')).toBe('ICDP 2021');
  });

  test('an operator has no such tile, the page refuses and so does the server', async () => {
    const page = await session().newPage();
    const shell = await signIn(page, OPERATOR.username, OPERATOR.password);
    await shell.navLink('Settings').click();
    await visible(page.getByRole('heading', { name: 'Settings' }));
    expect(await page.getByRole('link', { name: /Application Settings/ }).count()).toBe(0);
    await page.goto('/#/settings/application');
    await visible(page.getByText('Not allowed. You do not have the required permissions.'));
    const operator = await apiLogin(inject('baseUrl'), OPERATOR.username, OPERATOR.password);
    await expect(apiSetAppConfig(inject('baseUrl'), operator.token, { AppName: 'Taken over' })).rejects.toThrow(
      /answered 403/,
    );
  });
});
