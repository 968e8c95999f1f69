import { useState } from 'react';
import { NAME_MIN_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { readRetryAfterSeconds, type ApiResult } from '../../../lib/api/api-result';
import { appToaster } from '../../../lib/api/app-toaster';
import { browserNavigation } from '../../../lib/browser/browser-navigation';
import { useCountdown } from '../../../lib/hooks/use-countdown';
import { writeSession } from '../../../lib/session/session-storage';
import {
  useOnboardFreeOrgMutation,
  useResendOtpMutation,
  useSendEmailOtpMutation,
  useSendOtpMutation,
  useVerifyEmailOtpMutation,
  useVerifyOtpMutation,
} from '../api/auth-mutations';
import { useAuthActions } from '../state/auth-context';
import { toLanguageList, type FreeTrialValues, type LanguageMode } from './registration-values';

interface OtpSession {
  authenticationCode: string;
  /** Empty until an e-mail OTP was sent; each sendEmailOTP answers a new one. */
  verifyEmailToken: string;
  email: string;
}

/**
 * The cooldown after a round of sends: 120 s for a code that went out, the wait a 429 names
 * for one that was refused, none for other failures (they may be retried at once).
 */
function cooldownAfter(results: (ApiResult<unknown> | null)[]): number {
  const waits = results
    .filter((result) => result !== null)
    .map((result) => (result.success ? OTP_RESEND_COOLDOWN_SECONDS : (readRetryAfterSeconds(result) ?? 0)));
  return Math.max(0, ...waits);
}

/** The registration flow of spec §4: send OTPs, verify each, resend with cooldown, onboard. */
export function useRegistrationFlow(languageMode: LanguageMode) {
  const { t } = useTranslation('auth');
  const authActions = useAuthActions();
  const [session, setSession] = useState<OtpSession | null>(null);
  const [isMobileVerified, setIsMobileVerified] = useState(false);
  const [isEmailVerified, setIsEmailVerified] = useState(false);
  const cooldown = useCountdown();

  const sendOtp = useSendOtpMutation();
  const sendEmailOtp = useSendEmailOtpMutation();
  const resendOtp = useResendOtpMutation();
  const verifyOtp = useVerifyOtpMutation();
  const verifyEmailOtp = useVerifyEmailOtpMutation();
  const onboard = useOnboardFreeOrgMutation();

  async function handleSendOtp(values: FreeTrialValues): Promise<void> {
    const name = values.name.trim();
    if (name.length < NAME_MIN_LENGTH) {
      appToaster.warning(t('validation.nameTooShort'));
      return;
    }
    const email = values.email.trim();
    const [mobileResult, emailResult] = await Promise.all([
      sendOtp.mutateAsync({
        name,
        email,
        phone: values.phone,
        url: values.url,
        languages: toLanguageList(values, languageMode),
        password: values.password,
      }),
      sendEmailOtp.mutateAsync(email),
    ]);
    // Without the mobile OTP there is no registration to verify; a failed e-mail OTP (a cooldown,
    // say) is sent again with Resend OTP, which only resends what is not verified yet.
    if (!mobileResult.success) return;
    const next = {
      authenticationCode: mobileResult.data.authenticationCode,
      verifyEmailToken: emailResult.success ? emailResult.data.token : '',
      email,
    };
    authActions.setAuthDetails({ authenticationCode: next.authenticationCode });
    authActions.setVerifyEmailToken(next.verifyEmailToken);
    setSession(next);
    setIsMobileVerified(false);
    setIsEmailVerified(false);
    cooldown.start(cooldownAfter([mobileResult, emailResult]));
    if (emailResult.success) appToaster.success(t('messages.otpSent'));
  }

  async function handleVerifyMobile(otp: string): Promise<void> {
    if (!session) return;
    const result = await verifyOtp.mutateAsync({ otp, authenticationCode: session.authenticationCode });
    if (result.success) setIsMobileVerified(true);
  }

  async function handleVerifyEmail(otp: string): Promise<void> {
    if (!session) return;
    const result = await verifyEmailOtp.mutateAsync({
      otp,
      verifyEmailToken: session.verifyEmailToken,
      authenticationCode: session.authenticationCode,
      email: session.email,
    });
    if (result.success) setIsEmailVerified(true);
  }

  /**
   * Resends only the codes not yet verified (spec §4 step 5): resendOtp for the mobile one, a new
   * sendEmailOTP (and so a new verifyEmailToken) for the e-mail one. A 429 names the real wait.
   */
  async function handleResend(): Promise<void> {
    if (!session) return;
    cooldown.start(OTP_RESEND_COOLDOWN_SECONDS);
    const [mobileResult, emailResult] = await Promise.all([
      isMobileVerified ? null : resendOtp.mutateAsync(session.authenticationCode),
      isEmailVerified ? null : sendEmailOtp.mutateAsync(session.email),
    ]);
    cooldown.start(cooldownAfter([mobileResult, emailResult]));
    if (emailResult?.success) {
      const verifyEmailToken = emailResult.data.token;
      authActions.setVerifyEmailToken(verifyEmailToken);
      setSession((current) => (current ? { ...current, verifyEmailToken } : current));
    }
  }

  async function handleRegister(): Promise<void> {
    if (!session) return;
    const result = await onboard.mutateAsync(session.authenticationCode);
    if (!result.success) return;
    writeSession(result.data.token, result.data.role);
    await authActions.adoptToken(result.data.token);
    browserNavigation.reload();
  }

  function handleEditDetails(): void {
    setSession(null);
    setIsMobileVerified(false);
    setIsEmailVerified(false);
    cooldown.start(0);
  }

  return {
    isOtpSent: session !== null,
    isMobileVerified,
    isEmailVerified,
    isSendingOtp: sendOtp.isPending || (sendEmailOtp.isPending && session === null),
    isVerifyingMobile: verifyOtp.isPending,
    isVerifyingEmail: verifyEmailOtp.isPending,
    isResending: resendOtp.isPending || (sendEmailOtp.isPending && session !== null),
    isRegistering: onboard.isPending,
    resendSecondsLeft: cooldown.remaining,
    sendOtp: handleSendOtp,
    verifyMobile: handleVerifyMobile,
    verifyEmail: handleVerifyEmail,
    resend: handleResend,
    register: handleRegister,
    editDetails: handleEditDetails,
  };
}

export type RegistrationFlow = ReturnType<typeof useRegistrationFlow>;
