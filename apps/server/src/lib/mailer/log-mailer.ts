import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';

export interface LogMailerOptions {
  dataDir: string;
  from: string;
  log: Logger;
}

/** File the log-only mailer appends to, one JSON object per line. */
export const MAIL_OUTBOX_FILE = 'mail-outbox.log';

/**
 * Without SMTP_URL no e-mail leaves the machine: each message is appended as a JSON line to
 * DATA_DIR/mail-outbox.log, so a developer can still follow links and read codes.
 */
export function createLogMailer(options: LogMailerOptions): Mailer {
  const file = join(options.dataDir, MAIL_OUTBOX_FILE);
  return {
    kind: 'log',
    async send(message) {
      // Recipients and codes stay in the outbox file, out of the log.
      options.log.info({}, 'e-mail not sent (no SMTP_URL): written to the mail outbox');
      await mkdir(options.dataDir, { recursive: true });
      const line = { sentAt: new Date().toISOString(), from: options.from, ...message };
      await appendFile(file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
    },
    close: () => Promise.resolve(),
  };
}
