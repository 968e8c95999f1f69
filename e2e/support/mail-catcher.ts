// The loopback SMTP catcher is the server tests' own (apps/server/test/support/smtp-server.ts):
// `url` is the product's SMTP_URL, `waitForMail(to, subject)` the newest matching mail.
export {
  startTestSmtpServer as startMailCatcher,
  type ReceivedMail as CaughtMail,
  type TestSmtpServer as MailCatcher,
} from '@bhasha/server/testing';
import type { ReceivedMail } from '@bhasha/server/testing';

/** The 6-digit code in a text (an OTP e-mail or SMS). */
export function findOtp(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${text}`);
  return code;
}

/** The first link in a mail's text that goes to this product path (e.g. /new-password/). */
export function findLink(mail: ReceivedMail, pathPrefix: string): string {
  const link = mail.text
    .match(/https?:\/\/\S+/g)
    ?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in "${mail.subject}":\n${mail.text}`);
  return link;
}
