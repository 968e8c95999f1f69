import type { MtLimits } from '../mt-provider';
import type { RetryPolicy } from './retry';

/** Tuning every adapter accepts next to its credentials. */
export interface MtCommonOptions {
  /** Time one HTTP attempt may take (default 30 s). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Requests in flight at once for this engine instance. */
  maxConcurrency?: number;
  /** Lower the vendor's per-request limits (never raise them). */
  maxSegmentsPerRequest?: number;
  maxCharactersPerRequest?: number;
}

/** The vendor's limits, narrowed by the deployment's options. */
export function resolveLimits(vendor: MtLimits, options: MtCommonOptions): MtLimits {
  return {
    maxSegmentsPerRequest: Math.max(
      1,
      Math.min(vendor.maxSegmentsPerRequest, options.maxSegmentsPerRequest ?? Infinity),
    ),
    maxCharactersPerRequest: Math.max(
      1,
      Math.min(vendor.maxCharactersPerRequest, options.maxCharactersPerRequest ?? Infinity),
    ),
    maxConcurrency: Math.max(1, options.maxConcurrency ?? vendor.maxConcurrency),
  };
}

/** `base` without trailing slashes, joined with `path`. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
