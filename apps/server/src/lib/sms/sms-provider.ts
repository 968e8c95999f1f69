import type { AppConfig } from '../../config/load-config';
import type { Logger } from '../logger';
import { createConsoleSmsProvider } from './console-sms';
import { createHttpSmsProvider } from './http-sms';

/** One text message to a mobile number in international form (+91…). */
export interface SmsMessage {
  to: string;
  text: string;
}

/** Sends SMS. Implementations throw when the message could not be handed over. */
export interface SmsProvider {
  readonly kind: 'console' | 'http';
  send(message: SmsMessage): Promise<void>;
}

/** The provider SMS_PROVIDER names: 'console' (development) or 'http' (SMS_HTTP_URL). */
export function createSmsProvider(config: AppConfig, log: Logger): SmsProvider {
  const { env } = config;
  if (env.SMS_PROVIDER === 'http') {
    if (!env.SMS_HTTP_URL) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    return createHttpSmsProvider({
      url: env.SMS_HTTP_URL,
      token: env.SMS_HTTP_TOKEN,
      sender: env.SMS_SENDER_ID,
    });
  }
  if (env.NODE_ENV === 'production') {
    log.warn({}, 'SMS_PROVIDER=console: text messages are written to the SMS outbox, not sent');
  }
  return createConsoleSmsProvider({ dataDir: config.dataDir, log });
}

/** A 10-digit national mobile number in international form with the configured country code. */
export function toInternationalNumber(nationalNumber: string, countryCode: string): string {
  return `${countryCode}${nationalNumber}`;
}
