import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@bhasha/contract';

/** A new endpoint's signing secret: the recognisable prefix and 192 random bits. */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64url')}`;
}

/**
 * The `Bhasha-Signature` header of a delivery, as Stripe signs its events: `t=<unix seconds>,
 * v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the endpoint's secret>`. Signing the time with
 * the body lets a receiver refuse replays older than its tolerance.
 */
export function signatureHeader(secret: string, timestampSeconds: number, rawBody: string): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}
