import type { SmsProvider } from './sms-provider';

export interface HttpSmsOptions {
  /** Endpoint that accepts `POST {to, message, sender?}` as JSON and answers 2xx when accepted. */
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string | undefined;
  /** Sender id (DLT header in India), passed through when set. */
  sender?: string | undefined;
  timeoutMs?: number;
}

/**
 * A generic JSON webhook SMS gateway: most SMS vendors (and self-hosted gateways) accept this
 * shape directly or through a small relay. Any non-2xx answer or time-out is a failed send.
 */
export function createHttpSmsProvider(options: HttpSmsOptions): SmsProvider {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    kind: 'http',
    async send(message) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json',
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const body: Record<string, string> = { to: message.to, message: message.text };
      if (options.sender) body.sender = options.sender;
      const response = await fetch(options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      // Drain the body so the connection can be reused.
      const answer = await response.text().catch(() => '');
      if (!response.ok) {
        throw new Error(`SMS gateway answered HTTP ${response.status}: ${answer.slice(0, 200)}`);
      }
    },
  };
}
