import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One e-mail as the loopback SMTP server received it. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on loopback that the product sends its e-mails to (SMTP_URL). The one catcher
 * of the server's tests and the e2e specs (`@bhasha/server/testing`).
 */
export interface TestSmtpServer {
  /** SMTP_URL for the server under test. */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first received mail (now or later) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * The newest mail to this address whose subject matches, now or within the time-out (default
   * 15 s): a resend is not answered by an older mail.
   */
  waitForMail(to: string, subject: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mails received for one address. */
  mailsTo(address: string): ReceivedMail[];
  close(): Promise<void>;
}

const POLL_MS = 100;

function describeMails(mails: readonly ReceivedMail[]): string {
  return mails.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ');
}

function addressesOf(field: ParsedMail['to']): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((group) => group.value.map((a) => (a.address ?? '').toLowerCase()));
}

/** A real SMTP server on a free loopback port that parses and keeps every message it accepts. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: addressesOf(parsed.to),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          };
          mails.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.match(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(match, timeoutMs = 10_000) {
      const found = mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms; received: ${describeMails(mails)}`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    // Polling keeps "the newest matching mail" simple.
    async waitForMail(to, subject, timeoutMs = 15_000) {
      const address = to.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((mail) => mail.to.includes(address) && subject.test(mail.subject)).at(-1);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `no e-mail to ${to} matching ${subject} within ${timeoutMs} ms; received: ${describeMails(mails)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    mailsTo(address) {
      return mails.filter((m) => m.to.includes(address.toLowerCase()));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
