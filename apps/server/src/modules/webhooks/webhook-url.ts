import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@bhasha/contract';
import { AppError } from '../../lib/app-error';
import { isPrivateAddress } from '../crawl/network-guard';

/**
 * Refuses an endpoint URL the server must not call: anything but https (plain http only where the
 * deployment allows private networks: development and tests), and a literal private or loopback
 * address. Host names are checked again on every delivery, on the addresses actually connected to.
 */
export function requireDeliverableUrl(raw: string, allowPrivateNetwork: boolean): string {
  const url = new URL(raw);
  const isHttps = url.protocol === 'https:';
  if (!isHttps && !(allowPrivateNetwork && url.protocol === 'http:'))
    throw AppError.validation([WEBHOOK_MESSAGES.httpsRequired]);
  if (url.username || url.password) throw AppError.validation([WEBHOOK_MESSAGES.httpsRequired]);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivateNetwork && isIP(literal) !== 0 && isPrivateAddress(literal))
    throw AppError.validation([WEBHOOK_MESSAGES.privateAddress]);
  return url.toString();
}
