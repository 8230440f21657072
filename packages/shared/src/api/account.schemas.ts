import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, userCreateSchema } from './users.schemas';

/** Texts of the account, recovery and OAuth2 calls (spec 2 §8 where it names them). */
export const ACCOUNT_MESSAGES = {
  /** After a reset through the mailed link. */
  passwordReset: 'Congratulations, Your password has been changed.',
  /** After a change on the account page. */
  passwordChanged: 'Password updated successfully',
  profileSaved: 'Profile saved.',
  oldPasswordWrong: 'The old password is incorrect.',
  passwordsDiffer: 'The new password and its confirmation do not match.',
  required: (label: string) => `${label} cannot be blank.`,
  recoverySent:
    'An email has been sent with instructions for resetting your password. You will be able to send a new request after 6 hours since your last request.',
  /** The recovery dialog's message for any other 422 (spec 2 §8). */
  invalidEmail: 'Invalid email',
  /** The recovery dialog's check before sending: the e-mail is required and must look like one (spec 2 §5). */
  enterValidEmail: 'Please enter a valid email',
  recoveryNotFound: 'There is no user with this email address.',
  recoveryStillValid:
    'A recovery email has already been sent to this address. You can send a new request 6 hours after the last one.',
  recoveryIsLdap: 'The password of this account is managed by LDAP and cannot be reset here.',
  recoveryInactive: 'This account has been deactivated.',
  recoveryLinkInvalid: 'This password recovery link is not valid or has expired.',
  recoveryMailSubject: 'Password recovery',
  mailNotConfigured: 'This server cannot send e-mails.',
  mailFailed: 'The e-mail could not be sent. Please try again later.',
  oauthDisabled: 'OAuth2 login is not enabled.',
  oauthUnavailable: 'The OAuth2 provider cannot be reached. Please try again later.',
  oauthFailed: 'The OAuth2 login failed. Please try again.',
  oauthNoEmail: 'The OAuth2 provider did not confirm an e-mail address for this account.',
  oauthInactive: 'Your account has been deactivated.',
} as const;

/** A recovery request may be repeated 6 hours after the last one; the link is valid as long (spec 2 §9). */
export const RECOVERY_RESEND_BLOCK_MS = 6 * 60 * 60 * 1000;

/** `PUT api/v1/account`: the profile of the signed-in user. */
export const accountProfileSchema = z.object({
  name: userCreateSchema.shape.name.unwrap(),
  email: userCreateSchema.shape.email,
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

const newPassword = z
  .string(ACCOUNT_MESSAGES.required('New password'))
  .min(PASSWORD_MIN_LENGTH, `Password should contain at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(1024);

/** `POST api/v1/account/change-password`. */
export const changePasswordSchema = z
  .object({
    oldPassword: z.string(ACCOUNT_MESSAGES.required('Old password')).min(1, ACCOUNT_MESSAGES.required('Old password')),
    newPassword,
    newPasswordConfirmation: z.string(ACCOUNT_MESSAGES.required('Confirmation')),
  })
  .refine((body) => body.newPassword === body.newPasswordConfirmation, {
    message: ACCOUNT_MESSAGES.passwordsDiffer,
    path: ['newPasswordConfirmation'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

/** Answer of the password calls: the success text the client shows. */
export const messageAnswerSchema = z.object({ message: z.string() });

/** The 422 kinds of `send-recovery-email` whose message the client shows (spec 2 §8). */
export const RECOVERY_ERROR_KINDS = ['still_valid', 'not_found', 'is_ldap'] as const;
export type RecoveryErrorKind = (typeof RECOVERY_ERROR_KINDS)[number];

export const sendRecoveryEmailSchema = z.object({
  email: z.string(ACCOUNT_MESSAGES.invalidEmail).trim().max(255).pipe(z.email(ACCOUNT_MESSAGES.invalidEmail)),
});
export const recoveryLinkSchema = z.object({
  userId: z.coerce.number().int().positive(),
  code: z.string().min(1).max(200),
});
export const resetPasswordSchema = recoveryLinkSchema.extend({ password: newPassword });
export type RecoveryLink = z.infer<typeof recoveryLinkSchema>;
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;

/** `POST api/v1/auth/get-o-auth-2-config` (spec 2 §3 "OAuth config"). */
export const oauthConfigSchema = z.object({
  clientId: z.string(),
  authUrl: z.string(),
  scope: z.string(),
  redirectUrl: z.string(),
  frontendButtonText: z.string(),
});
export type OAuthConfig = z.infer<typeof oauthConfigSchema>;

/**
 * `POST api/v1/auth/handle-successful-o-auth`: the code the provider sent back, with the PKCE
 * verifier and the state the browser generated (it has checked the state already).
 */
export const oauthCallbackSchema = z.object({
  code: z.string().min(1).max(4096),
  codeVerifier: z.string().min(43).max(128),
  state: z.string().max(512).optional(),
  /** The provider's `iss` callback parameter (RFC 9207), passed on as received. */
  iss: z.string().max(2048).optional(),
});
export type OAuthCallback = z.infer<typeof oauthCallbackSchema>;
