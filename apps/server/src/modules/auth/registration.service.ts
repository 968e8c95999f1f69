import {
  AUTH_MESSAGES,
  OTP_TTL_MINUTES,
  ORGANISATION_PLANS,
  PROJECT_CREATION_STATUS,
  PROJECT_TYPES,
  ROLES,
  SELF_REGISTRATION_ROLE,
  getWebsiteHost,
  type Role,
} from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Mailer } from '../../lib/mailer/mailer';
import { emailOtpMail } from '../../lib/mailer/templates';
import { hashPassword } from '../../lib/password';
import { generateApiKey, generateToken, hashToken } from '../../lib/secrets';
import { toInternationalNumber, type SmsProvider } from '../../lib/sms/sms-provider';
import { createOrganisationsRepository } from '../organisations/organisations.repository';
import { createProjectsRepository } from '../projects/projects.repository';
import { createUsersRepository } from '../users/users.repository';
import type { OtpService } from './otp.service';
import { createRegistrationsRepository, type RegistrationRow } from './registrations.repository';
import type { TokenService } from './token.service';

/** How long a pending registration may wait for its OTPs and onboarding. */
export const REGISTRATION_VALID_HOURS = 24;

/** Source language of the website project a free trial starts with. */
const DEFAULT_SOURCE_LANGUAGE = 'en';

export interface RegistrationServiceDeps {
  db: Database;
  clock: Clock;
  tokens: TokenService;
  otps: OtpService;
  mailer: Mailer;
  sms: SmsProvider;
  smsCountryCode: string;
}

export interface RegistrationInput {
  name: string;
  email: string;
  phone: string;
  url: string;
  languages: string[];
  password: string;
}

function smsText(code: string): string {
  return `${code} is your Bhasha verification code. It is valid for ${OTP_TTL_MINUTES} minutes. Do not share it with anyone.`;
}

/**
 * The free-trial registration of spec §4: send and verify the mobile and e-mail OTPs, then
 * onboard the organisation, its freeOrgAdmin and the website project exactly once.
 */
export function createRegistrationService(deps: RegistrationServiceDeps) {
  const registrations = createRegistrationsRepository(deps.db);
  const users = createUsersRepository(deps.db);
  const projects = createProjectsRepository(deps.db);

  function sendSmsOtp(registration: RegistrationRow, ip: string): Promise<void> {
    return deps.otps.issue({
      channel: 'sms',
      destination: registration.phone,
      registrationId: registration.id,
      ip,
      deliver: (code) =>
        deps.sms.send({
          to: toInternationalNumber(registration.phone, deps.smsCountryCode),
          text: smsText(code),
        }),
      deliveryFailedMessage: AUTH_MESSAGES.smsDeliveryFailed,
    });
  }

  /** The registration a code names while it can still be worked on. */
  async function findOpenRegistration(authenticationCode: string): Promise<RegistrationRow> {
    const registration = await registrations.findByCodeHash(hashToken(authenticationCode));
    if (!registration) throw AppError.validation([AUTH_MESSAGES.registrationNotFound]);
    if (registration.completedAt) throw AppError.conflict(AUTH_MESSAGES.registrationCompleted);
    if (registration.expiresAt <= deps.clock.now())
      throw AppError.validation([AUTH_MESSAGES.registrationNotFound]);
    return registration;
  }

  async function assertEmailFree(email: string): Promise<void> {
    if (await users.findByEmail(email)) throw AppError.conflict(AUTH_MESSAGES.emailAlreadyRegistered);
  }

  async function assertNoProjectFor(url: string): Promise<void> {
    const host = getWebsiteHost(url);
    if (host && (await projects.existsForHost(host))) throw AppError.conflict(AUTH_MESSAGES.projectExists);
  }

  return {
    async projectExists(url: string): Promise<boolean> {
      const host = getWebsiteHost(url);
      return host !== null && (await projects.existsForHost(host));
    },

    /** Starts a registration and sends its mobile OTP; answers the authentication code. */
    async sendOtp(input: RegistrationInput, ip: string): Promise<string> {
      await assertEmailFree(input.email);
      await assertNoProjectFor(input.url);
      const now = deps.clock.now();
      const authenticationCode = generateToken();
      const registration = await registrations.insert({
        authenticationCodeHash: hashToken(authenticationCode),
        name: input.name,
        email: input.email,
        phone: input.phone,
        websiteUrl: input.url,
        languages: input.languages,
        passwordHash: await hashPassword(input.password),
        ip,
        expiresAt: new Date(now.getTime() + REGISTRATION_VALID_HOURS * 60 * 60 * 1000),
        createdAt: now,
      });
      try {
        await sendSmsOtp(registration, ip);
      } catch (error) {
        // Nothing was sent: no registration is left behind.
        await registrations.delete(registration.id);
        throw error;
      }
      return authenticationCode;
    },

    /** A new mobile OTP for an open registration, after the cooldown. */
    async resendOtp(authenticationCode: string, ip: string): Promise<void> {
      const registration = await findOpenRegistration(authenticationCode);
      if (registration.phoneVerifiedAt) throw AppError.conflict(AUTH_MESSAGES.mobileAlreadyVerified);
      await sendSmsOtp(registration, ip);
    },

    async verifyOtp(input: { otp: string; authenticationCode: string }): Promise<void> {
      const registration = await findOpenRegistration(input.authenticationCode);
      if (registration.phoneVerifiedAt) throw AppError.conflict(AUTH_MESSAGES.mobileAlreadyVerified);
      await deps.otps.verify(await deps.otps.latestForRegistration(registration.id), input.otp);
      await registrations.markPhoneVerified(registration.id, deps.clock.now());
    },

    /** Sends the e-mail OTP; answers the verifyEmailToken it is bound to. */
    async sendEmailOtp(email: string, ip: string): Promise<string> {
      await assertEmailFree(email);
      const token = generateToken();
      await deps.otps.issue({
        channel: 'email',
        destination: email,
        tokenHash: hashToken(token),
        ip,
        deliver: (code) => deps.mailer.send(emailOtpMail({ to: email, code, validMinutes: OTP_TTL_MINUTES })),
        deliveryFailedMessage: AUTH_MESSAGES.emailDeliveryFailed,
      });
      return token;
    },

    /** Verifies the e-mail OTP for the registration whose e-mail id it was sent to. */
    async verifyEmailOtp(input: {
      otp: string;
      verifyEmailToken: string;
      authenticationCode: string;
      email: string;
    }) {
      const registration = await findOpenRegistration(input.authenticationCode);
      if (registration.email !== input.email) throw AppError.validation([AUTH_MESSAGES.emailMismatch]);
      if (registration.emailVerifiedAt) throw AppError.conflict(AUTH_MESSAGES.emailAlreadyVerified);
      const otp = await deps.otps.findByTokenHash(hashToken(input.verifyEmailToken));
      if (!otp || otp.channel !== 'email' || otp.destination !== registration.email) {
        throw AppError.validation([AUTH_MESSAGES.verifyEmailTokenRequired]);
      }
      await deps.otps.verify(otp, input.otp);
      await registrations.markEmailVerified(registration.id, deps.clock.now());
    },

    /**
     * Creates the free organisation, its freeOrgAdmin (e-mail and phone verified by the OTPs,
     * terms accepted on the form) and the website project, exactly once per registration.
     */
    async onboardFreeOrg(
      authenticationCode: string,
    ): Promise<{ token: string; projectId: string; role: Role }> {
      const registration = await findOpenRegistration(authenticationCode);
      if (!registration.phoneVerifiedAt || !registration.emailVerifiedAt) {
        throw AppError.validation([AUTH_MESSAGES.otpsNotVerified]);
      }
      const host = getWebsiteHost(registration.websiteUrl) ?? registration.websiteUrl;
      const now = deps.clock.now();
      try {
        const { user, projectId } = await deps.db.transaction(async (tx) => {
          const registrationsInTx = createRegistrationsRepository(tx);
          const usersInTx = createUsersRepository(tx);
          const projectsInTx = createProjectsRepository(tx);
          const claimed = await registrationsInTx.claimCompletion(registration.id, now);
          if (!claimed) throw AppError.conflict(AUTH_MESSAGES.registrationCompleted);
          if (await usersInTx.findByEmail(claimed.email))
            throw AppError.conflict(AUTH_MESSAGES.emailAlreadyRegistered);
          if (await projectsInTx.existsForHost(host)) throw AppError.conflict(AUTH_MESSAGES.projectExists);
          const organisation = await createOrganisationsRepository(tx).insert({
            name: host,
            plan: ORGANISATION_PLANS.free,
          });
          const created = await usersInTx.insert({
            organisationId: organisation.id,
            name: claimed.name,
            email: claimed.email,
            phone: claimed.phone,
            passwordHash: claimed.passwordHash,
            role: SELF_REGISTRATION_ROLE,
            apikey: generateApiKey(),
            emailVerified: true,
            contractAgreed: true,
          });
          const project = await projectsInTx.insert({
            organisationId: organisation.id,
            name: host,
            type: PROJECT_TYPES.website,
            baseUrl: claimed.websiteUrl,
            sourceLanguage: DEFAULT_SOURCE_LANGUAGE,
            targetLanguages: claimed.languages,
            status: PROJECT_CREATION_STATUS.partialCreated,
          });
          await registrationsInTx.linkCompletion(claimed.id, {
            organisationId: organisation.id,
            userId: created.id,
            projectId: project.id,
          });
          return { user: created, projectId: project.id };
        });
        const token = await deps.tokens.sign({
          userId: user.id,
          role: ROLES.freeOrgAdmin,
          version: user.tokenVersion,
        });
        return { token, projectId, role: ROLES.freeOrgAdmin };
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(AUTH_MESSAGES.emailAlreadyRegistered);
        throw error;
      }
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
