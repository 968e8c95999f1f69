import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, ROLES, SUCCESS_MESSAGES, endpoints } from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { presentSessionUser } from '../users/users.presenter';
import { presentLogin, presentOrganisationCreated } from './auth.presenter';
import { readToken } from './session.service';

const api = endpoints.auth;

/** Per-IP limit of the public calls that check secrets or send mail. */
export function authRateLimit(services: Pick<Services, 'config'>) {
  return { max: services.config.env.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
}

/** Authentication calls of spec §7: sign-in, sign-up, e-mail verification, passwords, sign-out, organisations. */
export const authRoutes: FastifyPluginCallbackZod<{
  services: Pick<Services, 'auth' | 'config' | 'uiConfig' | 'users'>;
}> = (app, { services }, done) => {
  const rateLimit = authRateLimit(services);

  defineRoute(app, api.uiConfig, { access: 'public', handler: () => ok(services.uiConfig) });

  defineRoute(app, api.check, {
    access: 'signedIn',
    handler: async (request) => {
      const user = await services.users.getSessionUser(request.principal!.id);
      return ok({ user: presentSessionUser(user) });
    },
  });

  defineRoute(app, api.login, {
    access: 'public',
    rateLimit,
    handler: async (request) => {
      const { token, user } = await services.auth.login(request.body);
      return ok(presentLogin(token, user), AUTH_MESSAGES.loggedIn);
    },
  });

  defineRoute(app, api.signUp, {
    access: 'public',
    rateLimit,
    handler: async (request) => {
      await services.auth.signUp(request.body);
      return ok(null, SUCCESS_MESSAGES.verificationEmailSent);
    },
  });

  for (const endpoint of [api.verification, api.verifyEmailId]) {
    defineRoute(app, endpoint, {
      access: 'public',
      rateLimit,
      handler: async (request) => {
        const { token } = await services.auth.verifyEmail(request.body.uuid);
        return ok(token, AUTH_MESSAGES.emailVerified);
      },
    });
  }

  defineRoute(app, api.passwordReset, {
    access: 'public',
    rateLimit,
    handler: (request) => {
      services.auth.requestPasswordReset(request.body.email);
      return ok(null, AUTH_MESSAGES.passwordResetSent);
    },
  });

  defineRoute(app, api.updatePassword, {
    access: 'public',
    rateLimit,
    handler: async (request) => {
      const token = request.body.token || readToken(request.headers.authorization);
      if (!token) throw AppError.validation([AUTH_MESSAGES.resetLinkInvalid]);
      const session = await services.auth.updatePassword({ token, password: request.body.password });
      return ok({ token: session.token }, AUTH_MESSAGES.passwordUpdated);
    },
  });

  defineRoute(app, api.signOut, {
    access: 'signedIn',
    handler: async (request) => {
      await services.auth.signOut(request.principal!.id);
      return ok(null, AUTH_MESSAGES.signedOut);
    },
  });

  defineRoute(app, api.newOrganisation, {
    access: [ROLES.superAdmin],
    handler: async (request) => {
      const created = await services.auth.createOrganisation(request.body);
      return ok(presentOrganisationCreated(created), AUTH_MESSAGES.organisationCreated);
    },
  });
  done();
};
