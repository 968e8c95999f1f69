import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../logger';
import type { SmsProvider } from './sms-provider';

/** File the console provider appends to, one JSON object per line: {sentAt, to, text}. */
export const SMS_OUTBOX_FILE = 'sms-outbox.log';

/**
 * Development provider: appends each message to DATA_DIR/sms-outbox.log, where a developer or an
 * end-to-end test reads the OTP; the log never holds the code.
 */
export function createConsoleSmsProvider(options: { dataDir: string; log: Logger }): SmsProvider {
  const file = join(options.dataDir, SMS_OUTBOX_FILE);
  return {
    kind: 'console',
    async send(message) {
      // The outbox file holds the number and the code; the log only says a message went there.
      options.log.info({}, 'SMS (console provider): written to the SMS outbox');
      await mkdir(options.dataDir, { recursive: true });
      const line = { sentAt: new Date().toISOString(), to: message.to, text: message.text };
      await appendFile(file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
    },
  };
}
