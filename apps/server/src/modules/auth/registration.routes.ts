import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, SUCCESS_MESSAGES, endpoints } from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';
import { authRateLimit } from './auth.routes';

const api = endpoints.registration;

/** The free-trial registration calls of spec §7: OTPs by SMS and e-mail, then onboarding. */
export const registrationRoutes: FastifyPluginCallbackZod<{
  services: Pick<Services, 'config' | 'registration'>;
}> = (app, { services }, done) => {
  const publicLimited = { access: 'public', rateLimit: authRateLimit(services) } as const;
  const registration = services.registration;

  defineRoute(app, api.checkProjectExists, {
    ...publicLimited,
    handler: async (request) => {
      const exists = await registration.projectExists(request.body.url);
      return ok({ exists }, exists ? AUTH_MESSAGES.projectFound : AUTH_MESSAGES.projectNotFound);
    },
  });

  defineRoute(app, api.sendOtp, {
    ...publicLimited,
    handler: async (request) => {
      const authenticationCode = await registration.sendOtp(request.body, request.ip);
      return ok({ authenticationCode }, SUCCESS_MESSAGES.otpSent);
    },
  });

  defineRoute(app, api.resendOtp, {
    ...publicLimited,
    handler: async (request) => {
      await registration.resendOtp(request.body.authenticationCode, request.ip);
      return ok({ authenticationCode: request.body.authenticationCode }, AUTH_MESSAGES.mobileOtpResent);
    },
  });

  defineRoute(app, api.verifyOtp, {
    ...publicLimited,
    handler: async (request) => {
      await registration.verifyOtp(request.body);
      return ok({ verified: true as const }, AUTH_MESSAGES.mobileVerified);
    },
  });

  defineRoute(app, api.sendEmailOtp, {
    ...publicLimited,
    handler: async (request) => {
      const token = await registration.sendEmailOtp(request.body.email, request.ip);
      return ok({ token }, AUTH_MESSAGES.emailOtpSent);
    },
  });

  defineRoute(app, api.verifyEmailOtp, {
    ...publicLimited,
    handler: async (request) => {
      await registration.verifyEmailOtp(request.body);
      return ok({ verified: true as const }, AUTH_MESSAGES.emailOtpVerified);
    },
  });

  defineRoute(app, api.onboardFreeOrg, {
    ...publicLimited,
    handler: async (request) => {
      const onboarded = await registration.onboardFreeOrg(request.body.authenticationCode);
      return ok(onboarded, AUTH_MESSAGES.onboarded);
    },
  });
  done();
};
