import {
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
} from '../api/auth';
import { defineEndpoint } from './endpoint';

const common = { tags: ['registration'], method: 'POST' } as const;

/** The free-trial registration calls of spec §7: OTPs by SMS and e-mail, then onboarding. */
export const registrationEndpoints = {
  checkProjectExists: defineEndpoint({
    ...common,
    path: '/auth/checkProjectExists',
    summary: 'Whether a project for this website exists already',
    request: checkProjectExistsRequestSchema,
    response: checkProjectExistsResponseSchema,
    failures: [400, 429],
  }),
  sendOtp: defineEndpoint({
    ...common,
    path: '/auth/sendOtp',
    summary: 'Start a free-trial registration and send the mobile OTP',
    request: sendOtpRequestSchema,
    response: authenticationCodeResponseSchema,
    failures: [400, 409, 429, 502],
  }),
  resendOtp: defineEndpoint({
    ...common,
    path: '/auth/resendOtp',
    summary: 'Send a new mobile OTP (120 s after the last one)',
    request: resendOtpRequestSchema,
    response: authenticationCodeResponseSchema,
    failures: [400, 409, 429, 502],
  }),
  verifyOtp: defineEndpoint({
    ...common,
    path: '/auth/verifyOtp',
    summary: 'Verify the mobile OTP',
    request: verifyOtpRequestSchema,
    response: otpVerifiedResponseSchema,
    failures: [400, 409, 429],
  }),
  sendEmailOtp: defineEndpoint({
    ...common,
    path: '/auth/sendEmailOTP',
    summary: 'Send the e-mail OTP; data.token is the verifyEmailToken',
    request: sendEmailOtpRequestSchema,
    response: sendEmailOtpResponseSchema,
    failures: [400, 409, 429, 502],
  }),
  verifyEmailOtp: defineEndpoint({
    ...common,
    path: '/auth/verifyEmailOTP',
    summary: 'Verify the e-mail OTP for the registration',
    request: verifyEmailOtpRequestSchema,
    response: otpVerifiedResponseSchema,
    failures: [400, 409, 429],
  }),
  onboardFreeOrg: defineEndpoint({
    ...common,
    path: '/auth/onboard/free-org',
    summary: 'Create the free organisation, its freeOrgAdmin and the website project (once)',
    request: onboardFreeOrgRequestSchema,
    response: onboardFreeOrgResponseSchema,
    failures: [400, 409, 429],
  }),
};
