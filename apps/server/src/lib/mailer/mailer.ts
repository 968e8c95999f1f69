import type { AppConfig } from '../../config/load-config';
import type { Logger } from '../logger';
import { createLogMailer } from './log-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** One e-mail, in both HTML and plain text. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends e-mail. `kind` 'log' means nothing leaves the machine (the dashboard shows the whitelist notice). */
export interface Mailer {
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** SMTP when SMTP_URL is set, otherwise the log-only mailer that writes to DATA_DIR/mail-outbox.log. */
export function createMailer(config: AppConfig, log: Logger): Mailer {
  const { env } = config;
  if (env.SMTP_URL) return createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM });
  return createLogMailer({ dataDir: config.dataDir, from: env.MAIL_FROM, log });
}
