import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  AppError,
  type RecoveryLink,
  RECOVERY_RESEND_BLOCK_MS,
  type ResetPasswordBody,
  validationError,
} from '@mdis/shared';
import { hashPassword } from '../../infra/auth/password';
import type { TokenService } from '../../infra/auth/token.service';
import type { Mailer } from '../../infra/mail/mailer';
import type { AppConfigService } from '../app/app-config.service';
import type { UsersRepository } from '../users/users.repository';
import type { PasswordRecoveryRepository, RecoveryRow } from './password-recovery.repository';
import { recoveryMail } from './recovery-mail';

interface Deps {
  users: UsersRepository;
  recoveries: PasswordRecoveryRepository;
  tokens: TokenService;
  appConfig: AppConfigService;
  /** Undefined when no SMTP server is configured. */
  mailer: Mailer | undefined;
  publicUrl: string;
  /** Where a mail that could not be sent is reported (nobody waits for it: see sendRecoveryEmail). */
  log: { error(details: object, message: string): void };
  now?: () => Date;
}

/** Recovery requests waiting for their lookup and mail; more are answered alike and dropped. */
export const MAX_QUEUED_RECOVERIES = 100;

const hashCode = (code: string): string => createHash('sha256').update(code).digest('hex');

const invalidLink = () => validationError([{ field: 'code', message: ACCOUNT_MESSAGES.recoveryLinkInvalid }]);

function matches(row: RecoveryRow | undefined, code: string, now: Date): row is RecoveryRow {
  if (!row || Date.parse(row.expires_at) <= now.getTime()) return false;
  const given = Buffer.from(hashCode(code));
  const stored = Buffer.from(row.code_hash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Recovery requests are worked off after their answer, one at a time and in order: a flood of them
 * costs a bounded queue, not a mail connection each (and a later mail tells that earlier requests
 * are done). Past MAX_QUEUED_RECOVERIES waiting, further requests are answered alike and dropped.
 */
function afterAnswerQueue(log: Deps['log']) {
  let queue = Promise.resolve();
  let queued = 0;
  return {
    add(task: () => Promise<void>): void {
      if (queued >= MAX_QUEUED_RECOVERIES) {
        log.error({ queued }, 'password recovery: too many requests waiting, this one is dropped');
        return;
      }
      queued += 1;
      queue = queue
        // A macrotask later: the answer is on its way before the lookup starts.
        .then(() => new Promise((resolve) => setImmediate(resolve)))
        .then(task)
        .catch((error: unknown) => {
          log.error({ err: error }, 'password recovery: the e-mail could not be sent');
        })
        .finally(() => {
          queued -= 1;
        });
    },
    settled: (): Promise<void> => queue,
  };
}

/**
 * Password recovery by a mailed link, as the original does it (spec 2 §4, §7, §8): the recovery
 * calls need no sign-in; a link is mailed at most once per 6 hours and is valid as long; the reset
 * page checks the link first, then sets the new password.
 */
export function createPasswordRecoveryService(deps: Deps) {
  const { users, recoveries, tokens, appConfig, mailer, publicUrl, log, now = () => new Date() } = deps;
  const afterAnswer = afterAnswerQueue(log);

  async function userByEmail(email: string) {
    const match = (await users.findConflicts(undefined, email.toLowerCase())).at(0);
    return match ? users.findById(match.id) : undefined;
  }

  async function validRecovery({ userId, code }: RecoveryLink): Promise<RecoveryRow> {
    const row = await recoveries.find(userId);
    if (!matches(row, code, now())) throw invalidLink();
    return row;
  }

  /**
   * Mails a link valid for 6 hours to an active account with this address, unless one was mailed
   * in the last 6 hours (spec 2 §9); anything else sends nothing.
   */
  async function deliver(mailer: Mailer, email: string): Promise<void> {
    const user = await userByEmail(email);
    if (user?.active !== 1) return;
    const at = now();
    const previous = await recoveries.find(user.id);
    if (previous && at.getTime() - Date.parse(previous.sent_at) < RECOVERY_RESEND_BLOCK_MS) return;
    const code = randomBytes(32).toString('base64url');
    const expiresAt = new Date(at.getTime() + RECOVERY_RESEND_BLOCK_MS).toISOString();
    await recoveries.save({
      user_id: user.id,
      code_hash: hashCode(code),
      sent_at: at.toISOString(),
      expires_at: expiresAt,
    });
    const link = `${publicUrl}#/reset-password/${String(user.id)}/${code}`;
    const appName = String(await appConfig.get('AppName'));
    const mail = recoveryMail({ to: user.email, name: user.name, username: user.username, appName, link });
    try {
      await mailer.send(mail);
    } catch (error) {
      // Without the mail the block would only lock the user out of a second try.
      await recoveries.delete(user.id);
      throw error;
    }
  }

  return {
    /**
     * The same answer, as fast, for every well-formed address: whether an account has it, is
     * inactive or was mailed recently must not show (issue 16). So the lookup and the mail happen
     * after the answer; a mail server failure is logged, and the user may simply try again.
     */
    sendRecoveryEmail(email: string): { message: string } {
      if (!mailer) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.mailNotConfigured);
      afterAnswer.add(() => deliver(mailer, email));
      return { message: ACCOUNT_MESSAGES.recoverySent };
    },

    /** Resolves when every recovery request so far has been worked off (the app waits for it on close). */
    settled: afterAnswer.settled,

    /** Whether the link of the e-mail still works (the reset page asks before showing its form). */
    async checkLink(link: RecoveryLink): Promise<{ valid: true; username: string }> {
      await validRecovery(link);
      const user = await users.findById(link.userId);
      if (!user) throw invalidLink();
      return { valid: true, username: user.username };
    },

    /** Sets the new password, uses the link up and signs out every session of the account. */
    async resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
      const row = await validRecovery(body);
      const passwordHash = await hashPassword(body.password);
      if (!(await recoveries.consume(body.userId, row.code_hash))) throw invalidLink();
      await users.update(body.userId, { password_hash: passwordHash, updated_at: now().toISOString() });
      await tokens.revokeAllOf(body.userId);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  };
}

export type PasswordRecoveryService = ReturnType<typeof createPasswordRecoveryService>;
