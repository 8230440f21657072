import { ACCOUNT_MESSAGES } from '@mdis/shared';
import { escapeHtml, type OutgoingMail } from '../../infra/mail/mailer';

interface RecoveryMailInput {
  to: string;
  name: string;
  username: string;
  appName: string;
  link: string;
}

/** The password recovery e-mail: the link to `#/reset-password/{userId}/{code}`, valid 6 hours. */
export function recoveryMail({ to, name, username, appName, link }: RecoveryMailInput): OutgoingMail {
  const greeting = `Hello ${name || username},`;
  const intro = `someone (hopefully you) asked to reset the password of the account "${username}" of ${appName}.`;
  const action = 'Open this link within 6 hours to choose a new password:';
  const ignore = 'If you did not ask for this, ignore this e-mail: your password stays as it is.';
  return {
    to,
    subject: `${appName}: ${ACCOUNT_MESSAGES.recoveryMailSubject}`,
    text: `${greeting}\n\n${intro}\n${action}\n\n${link}\n\n${ignore}\n`,
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}<br>${escapeHtml(action)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}
