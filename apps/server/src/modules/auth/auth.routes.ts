import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  ROLES,
  SUCCESS_MESSAGES,
  emailVerificationRequestSchema,
  emailVerificationResponseSchema,
  emptyResponseSchema,
  envelopeOf,
  loginRequestSchema,
  loginResponseSchema,
  newOrganisationRequestSchema,
  newOrganisationResponseSchema,
  passwordResetRequestSchema,
  signUpRequestSchema,
  uiConfigSchema,
  updatePasswordRequestSchema,
  updatePasswordResponseSchema,
  userCheckQuerySchema,
  userCheckResponseSchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { presentSessionUser } from '../users/users.presenter';
import { presentLogin, presentOrganisationCreated } from './auth.presenter';
import { readToken } from './session.service';

/** Per-IP limit of the public calls that check secrets or send mail. */
export function authRateLimit(services: Pick<Services, 'config'>) {
  return { max: services.config.env.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
}

/** Authentication calls of spec §7: sign-in, sign-up, e-mail verification, passwords, sign-out, organisations. */
export const authRoutes: FastifyPluginCallbackZod<{
  services: Pick<Services, 'auth' | 'config' | 'uiConfig' | 'users'>;
}> = (app, { services }, done) => {
  const rateLimit = authRateLimit(services);

  app.get(
    '/auth/fetchUIEndpoints',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'UI configuration', response: { 200: envelopeOf(uiConfigSchema) } },
    },
    () => ok(services.uiConfig),
  );

  app.get(
    '/user/check/',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'Verify the token and answer the signed-in user',
        querystring: userCheckQuerySchema,
        response: { 200: envelopeOf(userCheckResponseSchema) },
      },
    },
    async (request) => {
      const user = await services.users.getSessionUser(request.principal!.id);
      return ok({ user: presentSessionUser(user) });
    },
  );

  app.post(
    '/auth',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        description:
          'Failure answers 401 with data {locked, attempts}: attempts counts consecutive failures; the fifth locks the account for 30 minutes.',
        body: loginRequestSchema,
        response: responses(loginResponseSchema, 400, 401, 403, 429),
      },
    },
    async (request) => {
      const { token, user } = await services.auth.login(request.body);
      return ok(presentLogin(token, user), AUTH_MESSAGES.loggedIn);
    },
  );

  app.post(
    '/auth/new',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign up (older form): organisation and its admin; sends the verification e-mail',
        body: signUpRequestSchema,
        response: responses(emptyResponseSchema, 400, 409, 429),
      },
    },
    async (request) => {
      await services.auth.signUp(request.body);
      return ok(null, SUCCESS_MESSAGES.verificationEmailSent);
    },
  );

  for (const path of ['/auth/verification', '/auth/verifyEmailId']) {
    app.post(
      path,
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Verify the e-mail id with the link uuid; data is an access token',
          body: emailVerificationRequestSchema,
          response: responses(emailVerificationResponseSchema, 400, 403, 429),
        },
      },
      async (request) => {
        const { token } = await services.auth.verifyEmail(request.body.uuid);
        return ok(token, AUTH_MESSAGES.emailVerified);
      },
    );
  }

  app.post(
    '/auth/password-reset',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link; the same answer whether or not the account exists',
        body: passwordResetRequestSchema,
        response: responses(emptyResponseSchema, 400, 429),
      },
    },
    (request) => {
      services.auth.requestPasswordReset(request.body.email);
      return ok(null, AUTH_MESSAGES.passwordResetSent);
    },
  );

  app.post(
    '/auth/update-password',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Set a new password with a reset token (body or authorization header); revokes older sessions',
        body: updatePasswordRequestSchema,
        response: responses(updatePasswordResponseSchema, 400, 403, 429),
      },
    },
    async (request) => {
      const token = request.body.token || readToken(request.headers.authorization);
      if (!token) throw AppError.validation([AUTH_MESSAGES.resetLinkInvalid]);
      const session = await services.auth.updatePassword({ token, password: request.body.password });
      return ok({ token: session.token }, AUTH_MESSAGES.passwordUpdated);
    },
  );

  app.post(
    '/auth/clearCookie',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes every token of the caller (docs/adr/0002-sign-out.md)',
        security: [{ token: [] }],
        response: responses(emptyResponseSchema, 401),
      },
    },
    async (request) => {
      await services.auth.signOut(request.principal!.id);
      return ok(null, AUTH_MESSAGES.signedOut);
    },
  );

  app.post(
    '/auth/newOrganisation',
    {
      config: { access: [ROLES.superAdmin] },
      schema: {
        tags: ['auth'],
        summary: 'Create an organisation and its organisation admin (super admins)',
        security: [{ token: [] }],
        body: newOrganisationRequestSchema,
        response: responses(newOrganisationResponseSchema, 400, 401, 403, 409),
      },
    },
    async (request) => {
      const created = await services.auth.createOrganisation(request.body);
      return ok(presentOrganisationCreated(created), AUTH_MESSAGES.organisationCreated);
    },
  );
  done();
};
