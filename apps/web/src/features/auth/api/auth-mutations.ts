import { useMutation } from '@tanstack/react-query';
import { authApi } from './auth-api';

// Typed TanStack mutations over the authentication calls. Their results are envelopes
// (success true or false), never thrown errors, so screens branch on `result.success`.

export const useSendOtpMutation = () => useMutation({ mutationFn: authApi.sendOtp });
export const useSendEmailOtpMutation = () => useMutation({ mutationFn: authApi.sendEmailOtp });
export const useResendOtpMutation = () => useMutation({ mutationFn: authApi.resendOtp });
export const useVerifyOtpMutation = () => useMutation({ mutationFn: authApi.verifyOtp });
export const useVerifyEmailOtpMutation = () => useMutation({ mutationFn: authApi.verifyEmailOtp });
export const useOnboardFreeOrgMutation = () => useMutation({ mutationFn: authApi.onboardFreeOrg });
export const useSignUpMutation = () => useMutation({ mutationFn: authApi.signUp });
export const useAgreeToContractMutation = () => useMutation({ mutationFn: authApi.agreeToContract });
