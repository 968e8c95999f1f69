import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

interface ResendOtpButtonProps {
  secondsLeft: number;
  isResending: boolean;
  onResend: () => Promise<void>;
}

/** 'Resend OTP in Ns' while the 120 s cooldown runs, then a Resend OTP link (spec §4). */
export function ResendOtpButton({ secondsLeft, isResending, onResend }: ResendOtpButtonProps) {
  const { t } = useTranslation('auth');
  return (
    <Button
      type="link"
      style={{ paddingInline: 0 }}
      disabled={secondsLeft > 0}
      loading={isResending}
      onClick={() => void onResend()}
      data-testid="resend-otp"
    >
      {secondsLeft > 0 ? t('freeTrial.resendOtpIn', { seconds: secondsLeft }) : t('freeTrial.resendOtp')}
    </Button>
  );
}
