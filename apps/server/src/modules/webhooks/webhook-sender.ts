import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_RESPONSE_EXCERPT,
  WEBHOOK_SIGNATURE_HEADER,
} from '@bhasha/contract';
import { BlockedAddressError, isPrivateAddress } from '../crawl/network-guard';
import { guardedLookup } from '../crawl/page-fetcher';
import { signatureHeader } from './webhook-signature';

/** Bytes of an endpoint's answer read at most (the stored excerpt is shorter still). */
const MAX_RESPONSE_BYTES = 16 * 1024;

/** What one attempt of a delivery came to. */
export type SendOutcome =
  | { kind: 'answered'; status: number; body: string }
  /** The address is private or reserved and the deployment does not allow it: never retried. */
  | { kind: 'refused'; error: string }
  /** No answer (connection refused, timeout, DNS): retried. */
  | { kind: 'unreachable'; error: string };

export interface WebhookSender {
  send(input: {
    url: string;
    secret: string;
    event: string;
    deliveryId: string;
    rawBody: string;
    now: Date;
  }): Promise<SendOutcome>;
  close(): Promise<void>;
}

/**
 * POSTs signed deliveries through the crawler's private-network guard (checked on the addresses
 * actually connected to, so DNS rebinding cannot slip past), with a time limit, no redirects
 * followed, and only the start of the answer read.
 */
export function createWebhookSender(options: {
  allowPrivateNetwork: boolean;
  timeoutMs: number;
}): WebhookSender {
  const agent = new Agent({
    connections: 4,
    connect: { lookup: guardedLookup(options.allowPrivateNetwork), timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });

  return {
    async send(input) {
      const url = new URL(input.url);
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivateNetwork && isIP(literal) !== 0 && isPrivateAddress(literal))
        return { kind: 'refused', error: `${url.hostname} is a private or reserved address` };
      const timestamp = Math.floor(input.now.getTime() / 1000);
      try {
        const response = await request(url, {
          method: 'POST',
          dispatcher: agent,
          signal: AbortSignal.timeout(options.timeoutMs),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Bhasha-Webhooks/1.0',
            [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(input.secret, timestamp, input.rawBody),
            [WEBHOOK_EVENT_HEADER]: input.event,
            [WEBHOOK_DELIVERY_HEADER]: input.deliveryId,
          },
          body: input.rawBody,
        });
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of response.body as AsyncIterable<Buffer>) {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_RESPONSE_BYTES) {
            response.body.destroy();
            break;
          }
        }
        const body = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_RESPONSE_EXCERPT);
        return { kind: 'answered', status: response.statusCode, body };
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause;
        if (error instanceof BlockedAddressError || cause instanceof BlockedAddressError)
          return {
            kind: 'refused',
            error: (cause instanceof BlockedAddressError ? cause : (error as Error)).message,
          };
        const code = (error as { code?: string }).code ?? (cause as { code?: string } | undefined)?.code;
        return {
          kind: 'unreachable',
          error: code ? `${code}: ${(error as Error).message}` : (error as Error).message,
        };
      }
    },
    close: () => agent.close(),
  };
}
