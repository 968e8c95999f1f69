import {
  AUTH_MESSAGES,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_MINUTES,
  formatOtpCooldown,
  formatOtpInvalid,
} from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { generateOtp, type CodeHasher } from '../../lib/secrets';
import { createOtpsRepository, type OtpChannel, type OtpRow } from './otps.repository';

const HOUR_MS = 60 * 60 * 1000;

export interface OtpServiceDeps {
  db: Database;
  clock: Clock;
  hasher: CodeHasher;
  log: Logger;
  sendsPerDestinationPerHour: number;
  sendsPerIpPerHour: number;
}

export interface OtpIssue {
  channel: OtpChannel;
  /** The 10-digit mobile number or the lower-case e-mail id. */
  destination: string;
  /** SMS OTPs belong to a registration; e-mail OTPs to the token the client holds. */
  registrationId?: string;
  tokenHash?: string;
  ip: string;
  /** Hands the code to the SMS provider or the mailer; a throw withdraws the OTP. */
  deliver(code: string): Promise<void>;
  /** Answered when delivery fails. */
  deliveryFailedMessage: string;
}

function secondsUntil(from: Date, to: Date): number {
  return Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000));
}

/**
 * One-time passwords: 6 digits from the cryptographic generator, stored as an HMAC, valid for
 * 10 minutes, used once, dead after 5 wrong tries; sends limited by the 120 s cooldown per
 * destination, an hourly count per destination and an hourly count per IP.
 */
export function createOtpService(deps: OtpServiceDeps) {
  const otps = createOtpsRepository(deps.db);

  return {
    /** Checks the send limits, stores a new OTP (ending older open ones) and delivers it. */
    async issue(issue: OtpIssue): Promise<void> {
      const now = deps.clock.now();
      const code = generateOtp();
      const row = await deps.db.transaction(async (tx) => {
        const repo = createOtpsRepository(tx);
        // Two requests for one destination at once must not both pass the cooldown check.
        await repo.lockDestination(issue.channel, issue.destination);
        const last = await repo.lastSentAt(issue.channel, issue.destination);
        const cooldownEnds = last ? new Date(last.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000) : null;
        if (cooldownEnds && cooldownEnds > now) {
          const seconds = secondsUntil(now, cooldownEnds);
          throw AppError.tooManyRequests(formatOtpCooldown(seconds), { retryAfterSeconds: seconds });
        }
        const since = new Date(now.getTime() - HOUR_MS);
        const toDestination = await repo.sendsToSince(issue.channel, issue.destination, since);
        if (toDestination.count >= deps.sendsPerDestinationPerHour) {
          const seconds = toDestination.oldest
            ? secondsUntil(now, new Date(toDestination.oldest.getTime() + HOUR_MS))
            : 3600;
          throw AppError.tooManyRequests(AUTH_MESSAGES.otpSendLimit, { retryAfterSeconds: seconds });
        }
        const fromIp = await repo.sendsFromIpSince(issue.ip, since);
        if (fromIp.count >= deps.sendsPerIpPerHour) {
          const seconds = fromIp.oldest
            ? secondsUntil(now, new Date(fromIp.oldest.getTime() + HOUR_MS))
            : 3600;
          throw AppError.tooManyRequests(AUTH_MESSAGES.otpSendLimit, { retryAfterSeconds: seconds });
        }
        await repo.invalidateOpen(
          issue.registrationId
            ? { registrationId: issue.registrationId }
            : { channel: issue.channel, destination: issue.destination },
          now,
        );
        return repo.insert({
          channel: issue.channel,
          destination: issue.destination,
          registrationId: issue.registrationId ?? null,
          tokenHash: issue.tokenHash ?? null,
          codeHash: deps.hasher.hash(code),
          ip: issue.ip,
          expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60 * 1000),
          createdAt: now,
        });
      });
      try {
        await issue.deliver(code);
      } catch (error) {
        // Not delivered: the OTP is withdrawn and does not count against the sender's limits.
        deps.log.error({ err: error, channel: issue.channel }, 'OTP could not be delivered');
        await otps.delete(row.id);
        throw AppError.deliveryFailed(issue.deliveryFailedMessage);
      }
    },

    /** The newest SMS OTP of a registration. */
    latestForRegistration(registrationId: string): Promise<OtpRow | undefined> {
      return otps.latestForRegistration(registrationId, 'sms');
    },

    /** The e-mail OTP behind a verifyEmailToken's hash. */
    findByTokenHash(tokenHash: string): Promise<OtpRow | undefined> {
      return otps.findByTokenHash(tokenHash);
    },

    /**
     * Checks a code against an OTP and spends it when right; throws the reason otherwise. Each
     * try is counted atomically before the comparison, so concurrent guesses share the 5 tries.
     */
    async verify(row: OtpRow | undefined, code: string): Promise<void> {
      const now = deps.clock.now();
      if (!row) throw AppError.validation([AUTH_MESSAGES.otpExpired]);
      if (row.consumedAt) throw AppError.validation([AUTH_MESSAGES.otpUsed]);
      if (row.invalidatedAt) {
        const message =
          row.attempts >= OTP_MAX_ATTEMPTS ? AUTH_MESSAGES.otpTooManyAttempts : AUTH_MESSAGES.otpReplaced;
        throw AppError.validation([message]);
      }
      if (row.expiresAt <= now) throw AppError.validation([AUTH_MESSAGES.otpExpired]);
      const attempts = await otps.claimAttempt(row.id, OTP_MAX_ATTEMPTS, now);
      if (attempts === undefined) throw AppError.validation([AUTH_MESSAGES.otpTooManyAttempts]);
      if (!deps.hasher.matches(code, row.codeHash)) {
        const left = OTP_MAX_ATTEMPTS - attempts;
        if (left <= 0) {
          await otps.invalidate(row.id, now);
          throw AppError.validation([AUTH_MESSAGES.otpTooManyAttempts]);
        }
        throw AppError.validation([formatOtpInvalid(left)]);
      }
      if (!(await otps.consume(row.id, now))) throw AppError.validation([AUTH_MESSAGES.otpUsed]);
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
