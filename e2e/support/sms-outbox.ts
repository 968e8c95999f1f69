import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findOtp } from './mail-catcher';

/** Written by the server's console SMS provider (SMS_PROVIDER=console), one JSON object a line. */
const SMS_OUTBOX_FILE = 'sms-outbox.log';

/** The texts of every SMS the product sent to this number (international form, +91…). */
export function readSmsTexts(dataDir: string, to: string): string[] {
  const file = join(dataDir, SMS_OUTBOX_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((sms) => sms.to === to)
    .map((sms) => sms.text);
}

/** The OTP of the first SMS to this number beyond the `after` already received. */
export async function waitForSmsOtp(
  dataDir: string,
  to: string,
  after = 0,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const texts = readSmsTexts(dataDir, to);
    if (texts.length > after) return findOtp(texts.at(-1)!);
    if (Date.now() > deadline) throw new Error(`no new SMS to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
