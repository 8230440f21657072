import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps every mail it receives, parsed. */
export interface SmtpInbox {
  url: string;
  mails: ParsedMail[];
  /** The next mail to arrive (or the first one not yet taken). */
  next(timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ParsedMail[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          waiters.splice(0).forEach((wake) => {
            wake();
          });
          callback();
        })
        .catch((error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  async function next(timeoutMs = 5000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    while (mails.length <= taken) {
      if (Date.now() > deadline) throw new Error('no mail arrived');
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    taken += 1;
    return mails[taken - 1];
  }

  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    mails,
    next,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
