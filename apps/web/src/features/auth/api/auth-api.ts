import type { SessionUser, UiConfig } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';
import type { ApiResult } from '../../../lib/api/api-result';
import type {
  ContractAgreementRequest,
  LoginRequest,
  SendOtpRequest,
  SignUpRequest,
  UpdatePasswordRequest,
  VerifyEmailOtpRequest,
  VerifyOtpRequest,
} from '@bhasha/contract';

/** The calls of spec §7 "Authentication", one function each. */
export const authApi = {
  fetchUiConfig: (): Promise<ApiResult<UiConfig>> => apiClient.request('auth/fetchUIEndpoints'),

  /** Verifies the stored token; silent because an invalid token simply means "logged out". */
  checkUser: (): Promise<ApiResult<{ user: SessionUser }>> =>
    apiClient.request('user/check/', {
      query: { timestamp: Date.now() },
      silent: true,
    }),

  /** Silent: the sign-in page shows a failure as a toast, or as the lockout panel when locked. */
  login: (body: LoginRequest) => apiClient.request('auth', { body, silent: true }),

  signUp: (body: SignUpRequest) => apiClient.request('auth/new', { body }),

  verifyEmail: (uuid: string) => apiClient.request('auth/verification', { body: { uuid } }),

  /** The reset token travels in the body and, as the spec has it, in the authorization header. */
  updatePassword: (body: UpdatePasswordRequest & { token: string }) =>
    apiClient.request('auth/update-password', {
      body,
      headers: { authorization: body.token },
    }),

  /** Silent: the page shows the server's message as a success toast whatever the outcome (spec §8). */
  requestPasswordReset: (email: string) =>
    apiClient.request('auth/password-reset', { body: { email }, silent: true }),

  sendOtp: (body: SendOtpRequest) => apiClient.request('auth/sendOtp', { body }),

  resendOtp: (authenticationCode: string) =>
    apiClient.request('auth/resendOtp', { body: { authenticationCode } }),

  verifyOtp: (body: VerifyOtpRequest) => apiClient.request('auth/verifyOtp', { body }),

  sendEmailOtp: (email: string) => apiClient.request('auth/sendEmailOTP', { body: { email } }),

  verifyEmailOtp: (body: VerifyEmailOtpRequest) => apiClient.request('auth/verifyEmailOTP', { body }),

  onboardFreeOrg: (authenticationCode: string) =>
    apiClient.request('auth/onboard/free-org', { body: { authenticationCode } }),

  clearCookie: () => apiClient.request('auth/clearCookie', { body: {}, silent: true }),

  agreeToContract: (body: ContractAgreementRequest) => apiClient.request('user/edit', { body }),
};
