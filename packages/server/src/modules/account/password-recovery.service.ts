import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  AppError,
  type RecoveryErrorKind,
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
  now?: () => Date;
}

const hashCode = (code: string): string => createHash('sha256').update(code).digest('hex');

const refused = (message: string, kind?: RecoveryErrorKind) =>
  validationError([{ field: 'email', message, ...(kind ? { kind } : {}) }]);

const invalidLink = () => validationError([{ field: 'code', message: ACCOUNT_MESSAGES.recoveryLinkInvalid }]);

function matches(row: RecoveryRow | undefined, code: string, now: Date): row is RecoveryRow {
  if (!row || Date.parse(row.expires_at) <= now.getTime()) return false;
  const given = Buffer.from(hashCode(code));
  const stored = Buffer.from(row.code_hash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Password recovery by a mailed link (spec 2 §4, §7, §8). */
export function createPasswordRecoveryService(deps: Deps) {
  const { users, recoveries, tokens, appConfig, mailer, publicUrl, now = () => new Date() } = deps;

  async function userByEmail(email: string) {
    const match = (await users.findConflicts(undefined, email.toLowerCase())).at(0);
    return match ? users.findById(match.id) : undefined;
  }

  async function validRecovery({ userId, code }: RecoveryLink): Promise<RecoveryRow> {
    const row = await recoveries.find(userId);
    if (!matches(row, code, now())) throw invalidLink();
    return row;
  }

  return {
    /** Mails a link valid for 6 hours; a new one only 6 hours after the last (spec 2 §9). */
    async sendRecoveryEmail(email: string): Promise<{ message: string }> {
      if (!mailer) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.mailNotConfigured);
      const user = await userByEmail(email);
      if (!user) throw refused(ACCOUNT_MESSAGES.recoveryNotFound, 'not_found');
      if (user.active !== 1) throw refused(ACCOUNT_MESSAGES.recoveryInactive);
      const at = now();
      const previous = await recoveries.find(user.id);
      if (previous && at.getTime() - Date.parse(previous.sent_at) < RECOVERY_RESEND_BLOCK_MS) {
        throw refused(ACCOUNT_MESSAGES.recoveryStillValid, 'still_valid');
      }
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
        // The mail server's trouble, not the user's: a clear 503 instead of a bare 500.
        const failure = new AppError('SERVICE_UNAVAILABLE', ACCOUNT_MESSAGES.mailFailed);
        failure.cause = error;
        throw failure;
      }
      return { message: ACCOUNT_MESSAGES.recoverySent };
    },

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
