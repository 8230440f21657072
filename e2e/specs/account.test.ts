import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PasswordRecoveryPage, ProviderLoginPage } from '../pages/AccountFlowsPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { startOidcProvider, type TestOidcProvider } from '../../packages/server/test/helpers/oidc-provider';
import { startSmtpInbox, type SmtpInbox } from '../../packages/server/test/helpers/smtp-inbox';
import { apiCreateUser, apiLogin } from '../support/api';
import { type BrowserSession, openBrowser } from '../support/browser';
import { ADMIN, findChromium } from '../support/env';
import { startServer, type RunningServer } from '../support/server';
import { field, hasText, visible, waitForRoute } from '../support/wait';

const SENT =
  'An email has been sent with instructions for resetting your password. You will be able to send a new request after 6 hours since your last request.';
const RITA = { username: 'rita', email: 'rita@example.org', name: 'Rita Recover', password: 'rita-Old-password-1' };

/** A port nobody listens on now: the provider must know the app's address before the app starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

// Its own server: recovery needs SMTP and login needs an OpenID provider, both started here.
describe.skipIf(!findChromium())('account flows against real SMTP and OpenID servers', () => {
  let inbox: SmtpInbox;
  let provider: TestOidcProvider;
  let server: RunningServer;
  let session: BrowserSession;

  beforeAll(async () => {
    const appUrl = `http://127.0.0.1:${String(await freePort())}/`;
    inbox = await startSmtpInbox();
    provider = await startOidcProvider({
      clientId: 'mdis-e2e',
      redirectUri: appUrl,
      accounts: { olga: { email: 'olga@example.org', email_verified: true, name: 'Olga OAuth' } },
    });
    server = await startServer({
      label: 'mdis-account',
      env: {
        PORT: new URL(appUrl).port,
        MDIS_ADMIN_USERNAME: ADMIN.username,
        MDIS_ADMIN_PASSWORD: ADMIN.password,
        MDIS_PUBLIC_URL: appUrl,
        SMTP_URL: inbox.url,
        MAIL_FROM: 'mDIS <noreply@example.org>',
        OAUTH2_ISSUER: provider.issuer,
        OAUTH2_CLIENT_ID: 'mdis-e2e',
        OAUTH2_BUTTON_TEXT: 'Sign in with Example ID',
      },
    });
    const admin = await apiLogin(server.baseUrl, ADMIN.username, ADMIN.password);
    await apiCreateUser(server.baseUrl, admin.token, { ...RITA, roles: ['viewer'] });
    session = await openBrowser(server.baseUrl, 'account');
  });
  afterAll(async () => {
    const errors = session.pageErrors;
    await session.close();
    await server.stop();
    await provider.close();
    await inbox.close();
    expect(errors, 'uncaught exceptions in the page').toEqual([]);
  });

  test('resets a forgotten password through the link of the e-mail', async () => {
    const page = await session.newPage();
    const login = new LoginPage(page);
    await login.goto();
    const recovery = new PasswordRecoveryPage(page);
    await recovery.requestLink(RITA.email);
    await hasText(recovery.dialog.getByRole('alert'), SENT);
    await session.shot(page, 'recovery-sent');

    const mail = await inbox.next();
    const link = /http:\/\/\S+#\/reset-password\/\d+\/[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();
    await recovery.resetThrough(link ?? '', 'rita-New-password-2');
    await hasText(page.getByRole('alert'), 'Congratulations, Your password has been changed. Go to login');
    await session.shot(page, 'password-reset');

    await page.getByRole('link', { name: 'Go to login' }).click();
    await login.waitUntilShown();
    await login.logIn(RITA.username, 'rita-New-password-2');
    const shell = new ShellPage(page);
    await shell.waitUntilShown();
    await visible((await shell.openAccountMenu()).getByText(RITA.username, { exact: true }));
  });

  test('the used link is Not Valid; the account page edits the profile and checks the old password', async () => {
    const page = await session.newPage();
    const mail = inbox.mails.at(-1);
    const link = /http:\/\/\S+#\/reset-password\/\d+\/[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
    await page.goto(link);
    await visible(page.getByText('Not Valid', { exact: true }));
    await visible(page.getByText('This password recovery link is not valid or has expired.'));

    const login = new LoginPage(page);
    await page.goto('/#/login?redirect=%2Fsettings%2Faccount');
    await login.waitUntilShown();
    await login.logIn(RITA.username, 'rita-New-password-2');
    const profile = page.getByRole('form', { name: 'profile' });
    await visible(profile);
    await field(profile, 'Name').fill('Rita Renamed');
    await profile.getByRole('button', { name: 'Save Profile' }).click();
    await hasText(profile.getByRole('alert'), 'Profile saved.');
    await visible((await new ShellPage(page).openAccountMenu()).getByText('Rita Renamed'));
    await page.keyboard.press('Escape');

    const password = page.getByRole('form', { name: 'change password' });
    await field(password, 'Old password').fill('not-my-password');
    await field(password, 'New password').fill('rita-Third-password-3');
    await field(password, 'Confirm new password').fill('rita-Third-password-3');
    await password.getByRole('button', { name: 'Change Password' }).click();
    await visible(password.getByText('The old password is incorrect.'));
    await session.shot(page, 'account-page');
  });

  test('logs in with OAuth2 at the provider and comes back signed in', async () => {
    const page = await session.newPage();
    const login = new LoginPage(page);
    await page.goto('/#/login?redirect=%2Fsettings');
    await login.waitUntilShown();
    const button = page.getByRole('button', { name: 'Sign in with Example ID' });
    await visible(button);
    await session.shot(page, 'oauth-button');
    await button.click();
    await page.waitForURL((url) => url.href.startsWith(provider.issuer));
    await new ProviderLoginPage(page).signInAndConsent('olga');

    await waitForRoute(page, (route) => route === '/settings', '/settings after the OAuth2 login');
    const shell = new ShellPage(page);
    await shell.waitUntilShown();
    expect(new URL(page.url()).search).toBe('');
    await visible((await shell.openAccountMenu()).getByText('olga', { exact: true }));
    await session.shot(page, 'oauth-signed-in');
  });
});
