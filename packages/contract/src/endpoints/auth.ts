import {
  emailVerificationRequestSchema,
  emailVerificationResponseSchema,
  emptyResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  newOrganisationRequestSchema,
  newOrganisationResponseSchema,
  passwordResetRequestSchema,
  signUpRequestSchema,
  updatePasswordRequestSchema,
  updatePasswordResponseSchema,
} from '../api/auth';
import { userCheckQuerySchema, userCheckResponseSchema } from '../api/session';
import { uiConfigSchema } from '../api/ui-config';
import { TOKEN_ONLY, defineEndpoint } from './endpoint';

const tags = ['auth'] as const;

const emailVerification = {
  tags,
  method: 'POST',
  summary: 'Verify the e-mail id with the link uuid; data is an access token',
  request: emailVerificationRequestSchema,
  response: emailVerificationResponseSchema,
  failures: [400, 403, 429],
} as const;

/** Authentication calls of spec §7: sign-in, sign-up, e-mail verification, passwords, sign-out, organisations. */
export const authEndpoints = {
  uiConfig: defineEndpoint({
    tags,
    method: 'GET',
    path: '/auth/fetchUIEndpoints',
    summary: 'UI configuration',
    response: uiConfigSchema,
  }),
  check: defineEndpoint({
    tags,
    method: 'GET',
    path: '/user/check/',
    summary: 'Verify the token and answer the signed-in user',
    query: userCheckQuerySchema,
    response: userCheckResponseSchema,
  }),
  login: defineEndpoint({
    tags,
    method: 'POST',
    path: '/auth',
    summary: 'Sign in',
    description:
      'Failure answers 401 with data {locked, attempts}: attempts counts consecutive failures; the fifth locks the account for 30 minutes.',
    request: loginRequestSchema,
    response: loginResponseSchema,
    failures: [400, 401, 403, 429],
  }),
  signUp: defineEndpoint({
    tags,
    method: 'POST',
    path: '/auth/new',
    summary: 'Sign up (older form): organisation and its admin; sends the verification e-mail',
    request: signUpRequestSchema,
    response: emptyResponseSchema,
    failures: [400, 409, 429],
  }),
  verification: defineEndpoint({ ...emailVerification, path: '/auth/verification' }),
  verifyEmailId: defineEndpoint({ ...emailVerification, path: '/auth/verifyEmailId' }),
  passwordReset: defineEndpoint({
    tags,
    method: 'POST',
    path: '/auth/password-reset',
    summary: 'Send a password reset link; the same answer whether or not the account exists',
    request: passwordResetRequestSchema,
    response: emptyResponseSchema,
    failures: [400, 429],
  }),
  updatePassword: defineEndpoint({
    tags,
    method: 'POST',
    path: '/auth/update-password',
    summary: 'Set a new password with a reset token (body or authorization header); revokes older sessions',
    request: updatePasswordRequestSchema,
    response: updatePasswordResponseSchema,
    failures: [400, 403, 429],
  }),
  signOut: defineEndpoint({
    tags,
    method: 'POST',
    path: '/auth/clearCookie',
    summary: 'Sign out: revokes every token of the caller (docs/adr/0002-sign-out.md)',
    security: TOKEN_ONLY,
    response: emptyResponseSchema,
    failures: [401],
  }),
  newOrganisation: defineEndpoint({
    tags,
    method: 'POST',
    path: '/auth/newOrganisation',
    summary: 'Create an organisation and its organisation admin (super admins)',
    security: TOKEN_ONLY,
    request: newOrganisationRequestSchema,
    response: newOrganisationResponseSchema,
    failures: [400, 401, 403, 409],
  }),
};
