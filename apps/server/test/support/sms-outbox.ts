import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMS_OUTBOX_FILE } from '../../src/lib/sms/console-sms';

/** One line of DATA_DIR/sms-outbox.log written by the console SMS provider. */
export interface OutboxSms {
  sentAt: string;
  to: string;
  text: string;
}

/** Every SMS the console provider wrote under this data directory. */
export function readSmsOutbox(dataDir: string): OutboxSms[] {
  const file = join(dataDir, SMS_OUTBOX_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxSms);
}

/** The 6-digit code of the newest SMS to this international number. */
export function latestSmsOtp(dataDir: string, to: string): string {
  const sms = readSmsOutbox(dataDir)
    .filter((m) => m.to === to)
    .at(-1);
  const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no OTP SMS to ${to}`);
  return code;
}

/** The 6-digit code in an e-mail OTP's text. */
export function otpInText(text: string): string {
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no OTP in the e-mail');
  return code;
}
