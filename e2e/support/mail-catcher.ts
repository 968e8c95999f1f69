import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One e-mail the catcher accepted, reduced to what the specs read. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that the product sends its e-mails to (SMTP_URL). */
export interface MailCatcher {
  smtpUrl: string;
  /** The newest mail (now or within the time-out) to this address whose subject matches. */
  waitForMail(to: string, subject: RegExp, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

const POLL_MS = 100;

/** Starts the catcher on a free loopback port (the `smtp-server` and `mailparser` packages). */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((group) =>
            group.value.map((address) => (address.address ?? '').toLowerCase()),
          );
          mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '' });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  // Polling keeps "the newest matching mail" simple: a resend must not be answered by an older one.
  async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
    const address = to.toLowerCase();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.filter((mail) => mail.to.includes(address) && subject.test(mail.subject)).at(-1);
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = mails.map((mail) => `${mail.to.join(',')} "${mail.subject}"`).join('; ');
        throw new Error(`no e-mail to ${to} matching ${subject} within ${timeoutMs} ms; received: ${seen}`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a text (an OTP e-mail or SMS). */
export function findOtp(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${text}`);
  return code;
}

/** The first link in a mail's text that goes to this product path (e.g. /new-password/). */
export function findLink(mail: CaughtMail, pathPrefix: string): string {
  const link = mail.text
    .match(/https?:\/\/\S+/g)
    ?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in "${mail.subject}":\n${mail.text}`);
  return link;
}
