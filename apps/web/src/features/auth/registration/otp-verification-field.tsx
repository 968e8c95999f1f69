import { useState } from 'react';
import { CheckCircleFilled, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { OTP_LENGTH } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';

interface OtpVerificationFieldProps {
  label: string;
  isVerified: boolean;
  isVerifying: boolean;
  onVerify: (otp: string) => Promise<void>;
  /** Prefix of the test ids: `${testId}` for the input, `verify-${testId}` for the button. */
  testId: string;
}

/** An OTP input with its own Verify button, which turns into a disabled 'Verified' (spec §4). */
export function OtpVerificationField({
  label,
  isVerified,
  isVerifying,
  onVerify,
  testId,
}: OtpVerificationFieldProps) {
  const { t } = useTranslation('auth');
  const [otp, setOtp] = useState('');
  const code = otp.trim();
  return (
    <Form.Item label={label} required={false}>
      <Space.Compact block>
        <Input
          value={otp}
          onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
          onPressEnter={() => void (code && !isVerified ? onVerify(code) : undefined)}
          prefix={<SafetyOutlined />}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          placeholder={t('fields.otpPlaceholder')}
          disabled={isVerified}
          size="large"
          aria-label={label}
          data-testid={testId}
        />
        <Button
          size="large"
          type={isVerified ? 'default' : 'primary'}
          icon={isVerified ? <CheckCircleFilled style={{ color: '#1F9D55' }} /> : undefined}
          disabled={isVerified || !code}
          loading={isVerifying}
          onClick={() => void onVerify(code)}
          data-testid={`verify-${testId}`}
        >
          {isVerified ? t('texts.otpVerified') : t('freeTrial.verify')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
