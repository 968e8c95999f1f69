import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export interface SmtpMailerOptions {
  /** smtp:// or smtps:// URL with credentials and options (nodemailer's connection URL). */
  url: string;
  from: string;
}

/** Sends through an SMTP server with nodemailer; bounded time-outs so a dead server fails fast. */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    async close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
