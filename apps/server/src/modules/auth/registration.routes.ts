import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  SUCCESS_MESSAGES,
  authenticationCodeResponseSchema,
  checkProjectExistsRequestSchema,
  checkProjectExistsResponseSchema,
  onboardFreeOrgRequestSchema,
  onboardFreeOrgResponseSchema,
  otpVerifiedResponseSchema,
  resendOtpRequestSchema,
  sendEmailOtpRequestSchema,
  sendEmailOtpResponseSchema,
  sendOtpRequestSchema,
  verifyEmailOtpRequestSchema,
  verifyOtpRequestSchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { authRateLimit } from './auth.routes';

/** The free-trial registration calls of spec §7: OTPs by SMS and e-mail, then onboarding. */
export const registrationRoutes: FastifyPluginCallbackZod<{
  services: Pick<Services, 'config' | 'registration'>;
}> = (app, { services }, done) => {
  const rateLimit = authRateLimit(services);
  const registration = services.registration;

  app.post(
    '/auth/checkProjectExists',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['registration'],
        summary: 'Whether a project for this website exists already',
        body: checkProjectExistsRequestSchema,
        response: responses(checkProjectExistsResponseSchema, 400, 429),
      },
    },
    async (request) => {
      const exists = await registration.projectExists(request.body.url);
      return ok({ exists }, exists ? AUTH_MESSAGES.projectFound : AUTH_MESSAGES.projectNotFound);
    },
  );

  app.post(
    '/auth/sendOtp',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['registration'],
        summary: 'Start a free-trial registration and send the mobile OTP',
        body: sendOtpRequestSchema,
        response: responses(authenticationCodeResponseSchema, 400, 409, 429, 502),
      },
    },
    async (request) => {
      const authenticationCode = await registration.sendOtp(request.body, request.ip);
      return ok({ authenticationCode }, SUCCESS_MESSAGES.otpSent);
    },
  );

  app.post(
    '/auth/resendOtp',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['registration'],
        summary: 'Send a new mobile OTP (120 s after the last one)',
        body: resendOtpRequestSchema,
        response: responses(authenticationCodeResponseSchema, 400, 409, 429, 502),
      },
    },
    async (request) => {
      await registration.resendOtp(request.body.authenticationCode, request.ip);
      return ok({ authenticationCode: request.body.authenticationCode }, AUTH_MESSAGES.mobileOtpResent);
    },
  );

  app.post(
    '/auth/verifyOtp',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['registration'],
        summary: 'Verify the mobile OTP',
        body: verifyOtpRequestSchema,
        response: responses(otpVerifiedResponseSchema, 400, 409, 429),
      },
    },
    async (request) => {
      await registration.verifyOtp(request.body);
      return ok({ verified: true as const }, AUTH_MESSAGES.mobileVerified);
    },
  );

  app.post(
    '/auth/sendEmailOTP',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['registration'],
        summary: 'Send the e-mail OTP; data.token is the verifyEmailToken',
        body: sendEmailOtpRequestSchema,
        response: responses(sendEmailOtpResponseSchema, 400, 409, 429, 502),
      },
    },
    async (request) => {
      const token = await registration.sendEmailOtp(request.body.email, request.ip);
      return ok({ token }, AUTH_MESSAGES.emailOtpSent);
    },
  );

  app.post(
    '/auth/verifyEmailOTP',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['registration'],
        summary: 'Verify the e-mail OTP for the registration',
        body: verifyEmailOtpRequestSchema,
        response: responses(otpVerifiedResponseSchema, 400, 409, 429),
      },
    },
    async (request) => {
      await registration.verifyEmailOtp(request.body);
      return ok({ verified: true as const }, AUTH_MESSAGES.emailOtpVerified);
    },
  );

  app.post(
    '/auth/onboard/free-org',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['registration'],
        summary: 'Create the free organisation, its freeOrgAdmin and the website project (once)',
        body: onboardFreeOrgRequestSchema,
        response: responses(onboardFreeOrgResponseSchema, 400, 409, 429),
      },
    },
    async (request) => {
      const onboarded = await registration.onboardFreeOrg(request.body.authenticationCode);
      return ok(onboarded, AUTH_MESSAGES.onboarded);
    },
  );
  done();
};
