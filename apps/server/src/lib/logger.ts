import pino from 'pino';

/** The logging calls services and adapters use; pino's logger satisfies it. */
export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The process logger for code that runs outside a request (mail, SMS, jobs). */
export function createLogger(level: string): Logger {
  return level === 'silent' ? silentLogger : pino({ level, name: 'bhasha' });
}
