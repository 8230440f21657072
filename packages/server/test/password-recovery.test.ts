import type { AuthUser } from '@mdis/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrateToLatest } from '../src/infra/db/migrate';
import { DIALECTS } from './helpers/dialects';
import { buildUser, login } from './helpers/factories';
import { startSmtpInbox, type SmtpInbox } from './helpers/smtp-inbox';
import { testConfig } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

const SENT =
  'An email has been sent with instructions for resetting your password. You will be able to send a new request after 6 hours since your last request.';
const LINK_INVALID = 'This password recovery link is not valid or has expired.';
const LINK = /http:\/\/mdis\.test\/app\/#\/reset-password\/(\d+)\/([\w-]+)/;

describe.each(DIALECTS)('password recovery over SMTP (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    const mail = { smtpUrl: inbox.url, from: 'mDIS <noreply@mdis.test>' };
    const config = testConfig({
      database: database.config,
      dataDir: database.dataDir,
      mail,
      publicUrl: 'http://mdis.test/app/',
    });
    app = await buildApp(config, { database });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await inbox.close();
  });

  const post = (call: string, payload: object) => app.inject({ method: 'POST', url: `/api/v1/auth/${call}`, payload });

  async function linkOfNextMail(): Promise<{ userId: number; code: string }> {
    const mail = await inbox.next();
    const match = LINK.exec(mail.text ?? '');
    if (!match?.[1] || !match[2]) throw new Error(`no link in ${mail.text ?? ''}`);
    return { userId: Number(match[1]), code: match[2] };
  }

  it('says that the server can send e-mails', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(config.json()).toMatchObject({ CanSendEmails: true, UseOAuth2: false });
  });

  it('mails a link that resets the password, once, and signs out the old sessions', async () => {
    const user = await buildUser(database.db, {
      username: 'forgetful',
      email: 'forgetful@example.org',
      password: 'lost-password',
    });
    const oldSession = await login(app, 'forgetful', 'lost-password');
    const sent = await post('send-recovery-email', { email: 'Forgetful@Example.org' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: SENT });

    const mail = await inbox.next();
    expect(mail.to).toMatchObject({ text: 'forgetful@example.org' });
    expect(mail.from?.value).toEqual([{ name: 'mDIS', address: 'noreply@mdis.test' }]);
    expect(mail.subject).toBe('Drilling Information System: Password recovery');
    const [, userId, code] = LINK.exec(mail.text ?? '') ?? [];
    expect(Number(userId)).toBe(user.id);
    expect(mail.html).toContain(`#/reset-password/${userId}/${code}`);

    const link = { userId: Number(userId), code };
    expect((await post('check-recovery-link', link)).json()).toEqual({ valid: true, username: 'forgetful' });
    const weak = await post('reset-password', { ...link, password: 'short' });
    expect(weak.json()).toEqual([{ field: 'password', message: 'Password should contain at least 8 characters.' }]);

    const reset = await post('reset-password', { ...link, password: 'brand-new-password' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ message: 'Congratulations, Your password has been changed.' });
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh',
      headers: { authorization: `Bearer ${oldSession.token}` },
    });
    expect(me.statusCode).toBe(401);
    expect((await login(app, 'forgetful', 'brand-new-password')).username).toBe('forgetful');
    await expect(login(app, 'forgetful', 'lost-password')).rejects.toThrow(/422/);

    // Used up: the same link works no more.
    expect((await post('check-recovery-link', link)).json()).toEqual([{ field: 'code', message: LINK_INVALID }]);
    expect((await post('reset-password', { ...link, password: 'another-password' })).statusCode).toBe(422);
  });

  it('blocks a new request for 6 hours, then sends a new link that replaces the old one', async () => {
    const user = await buildUser(database.db, { username: 'impatient', email: 'impatient@example.org' });
    expect((await post('send-recovery-email', { email: 'impatient@example.org' })).statusCode).toBe(200);
    const first = await linkOfNextMail();
    const again = await post('send-recovery-email', { email: 'impatient@example.org' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual([
      {
        field: 'email',
        kind: 'still_valid',
        message:
          'A recovery email has already been sent to this address. You can send a new request 6 hours after the last one.',
      },
    ]);
    expect(inbox.mails).toHaveLength(2);

    const sevenHoursAgo = new Date(Date.now() - 7 * 3600_000).toISOString();
    await database.db
      .updateTable('password_recoveries')
      .set({ sent_at: sevenHoursAgo })
      .where('user_id', '=', user.id)
      .execute();
    expect((await post('send-recovery-email', { email: 'impatient@example.org' })).statusCode).toBe(200);
    const second = await linkOfNextMail();
    expect(second.code).not.toBe(first.code);
    expect((await post('check-recovery-link', first)).statusCode).toBe(422);
    expect((await post('check-recovery-link', second)).statusCode).toBe(200);

    // An expired link is refused like a wrong one.
    await database.db
      .updateTable('password_recoveries')
      .set({ expires_at: sevenHoursAgo })
      .where('user_id', '=', user.id)
      .execute();
    expect((await post('check-recovery-link', second)).json()).toEqual([{ field: 'code', message: LINK_INVALID }]);
  });

  it('answers not_found for an unknown address and Invalid email for a malformed one; sends nothing', async () => {
    const before = inbox.mails.length;
    const unknown = await post('send-recovery-email', { email: 'nobody@example.org' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual([
      { field: 'email', kind: 'not_found', message: 'There is no user with this email address.' },
    ]);
    for (const payload of [{ email: 'not an email' }, {}]) {
      const invalid = await post('send-recovery-email', payload);
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json()).toEqual([{ field: 'email', message: 'Invalid email' }]);
    }
    expect(inbox.mails).toHaveLength(before);
  });

  it('refuses made-up links and answers the same calls under api/v1/account', async () => {
    const user = await buildUser(database.db, { email: 'guessed@example.org' });
    expect((await post('check-recovery-link', { userId: user.id, code: 'guess' })).json()).toEqual([
      { field: 'code', message: LINK_INVALID },
    ]);
    expect((await post('check-recovery-link', { userId: 'abc', code: 'x' })).statusCode).toBe(422);
    const viaAccount = await app.inject({
      method: 'POST',
      url: '/api/v1/account/send-recovery-email',
      payload: { email: 'guessed@example.org' },
    });
    expect(viaAccount.statusCode, viaAccount.body).toBe(200);
    const link = await linkOfNextMail();
    expect(link.userId).toBe(user.id);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/account/reset-password',
      payload: { ...link, password: 'via-account-path' },
    });
    expect(reset.json<AuthUser | { message: string }>()).toEqual({
      message: 'Congratulations, Your password has been changed.',
    });
  });
});

describe('password recovery without SMTP', () => {
  it('says CanSendEmails false and refuses to send', async () => {
    const database = await createTestDatabase('sqlite');
    await migrateToLatest(database.db);
    const app = await buildApp(testConfig({ database: database.config, dataDir: database.dataDir }), { database });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/v1/app/config/CanSendEmails' })).body).toBe('false');
      const sent = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/send-recovery-email',
        payload: { email: 'a@b.org' },
      });
      expect(sent.statusCode).toBe(400);
      expect(sent.json()).toMatchObject({ message: 'This server cannot send e-mails.' });
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});

describe('password recovery when the mail server is down', () => {
  it('answers 503 with a message and lets the user try again at once', async () => {
    const database = await createTestDatabase('sqlite');
    await migrateToLatest(database.db);
    // Port 9 (discard) on the loopback: nothing listens, the connection is refused at once.
    const mail = { smtpUrl: 'smtp://127.0.0.1:9', from: 'mDIS <noreply@mdis.test>' };
    const config = testConfig({ database: database.config, dataDir: database.dataDir, mail });
    const app = await buildApp(config, { database });
    try {
      await buildUser(database.db, { username: 'unlucky', email: 'unlucky@example.org', password: 'lost-password' });
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/auth/send-recovery-email',
          payload: { email: 'unlucky@example.org' },
        });
      const first = await send();
      expect(first.statusCode).toBe(503);
      expect(first.json()).toMatchObject({ message: 'The e-mail could not be sent. Please try again later.' });
      // No 6-hour block for a mail that never left: the second try fails the same way, not 'still_valid'.
      expect((await send()).statusCode).toBe(503);
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
