import { useState } from 'react';
import { NAME_MIN_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
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
  verifyEmailToken: string;
  email: string;
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
    if (!mobileResult.success || !emailResult.success) return;
    const next = {
      authenticationCode: mobileResult.data.authenticationCode,
      verifyEmailToken: emailResult.data.token,
      email,
    };
    authActions.setAuthDetails({ authenticationCode: next.authenticationCode });
    authActions.setVerifyEmailToken(next.verifyEmailToken);
    setSession(next);
    setIsMobileVerified(false);
    setIsEmailVerified(false);
    cooldown.start(OTP_RESEND_COOLDOWN_SECONDS);
    appToaster.success(t('messages.otpSent'));
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

  /** Resends only the codes not yet verified (spec §4 step 5). */
  async function handleResend(): Promise<void> {
    if (!session) return;
    cooldown.start(OTP_RESEND_COOLDOWN_SECONDS);
    const [, emailResult] = await Promise.all([
      isMobileVerified ? null : resendOtp.mutateAsync(session.authenticationCode),
      isEmailVerified ? null : sendEmailOtp.mutateAsync(session.email),
    ]);
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
