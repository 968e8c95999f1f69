import { useState } from 'react';
import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, Typography } from 'antd';
import { FORGOT_PASSWORD_DISABLE_SECONDS, MAILER_SERVICE_ENABLED_VALUE } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appToaster } from '../../../lib/api/app-toaster';
import { useCountdown } from '../../../lib/hooks/use-countdown';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { useAuthState } from '../state/auth-context';
import { createAuthFormRules } from '../validation/auth-form-rules';

/** /forgotPassword (spec §2): e-mail and Submit; the whitelist notice when the mailer is off. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const rules = createAuthFormRules(t);
  const { uiConfig } = useAuthState();
  const isMailerEnabled = uiConfig?.mailerServiceEnabled === MAILER_SERVICE_ENABLED_VALUE;
  const cooldown = useCountdown();
  const [isSubmitting, setIsSubmitting] = useState(false);

  function startCooldown() {
    cooldown.start(FORGOT_PASSWORD_DISABLE_SECONDS);
  }

  async function handleFinish(values: { email: string }) {
    startCooldown();
    setIsSubmitting(true);
    const result = await authApi.requestPasswordReset(values.email.trim());
    setIsSubmitting(false);
    // Spec §8: the server's message is shown as a success toast whatever the outcome.
    appToaster.success(result.message || t('common:errors.generic'));
  }

  return (
    <AuthCard
      title={t('forgotPassword.title')}
      subtitle={t('forgotPassword.subtitle')}
      testId="forgot-password-page"
      footer={<Link to="/sign-in">{t('common:actions.backToSignIn')}</Link>}
    >
      {isMailerEnabled ? null : (
        <Typography.Text
          type="danger"
          strong
          data-testid="forgot-password-whitelist"
          style={{ display: 'block', marginBottom: 16 }}
        >
          {t('texts.whitelistEmailService')}
        </Typography.Text>
      )}
      <Form<{ email: string }>
        layout="vertical"
        requiredMark={false}
        onFinish={handleFinish}
        onFinishFailed={startCooldown}
      >
        <Form.Item name="email" label={t('fields.email')} rules={rules.signInEmail}>
          <Input
            prefix={<MailOutlined />}
            type="email"
            autoComplete="email"
            size="large"
            placeholder={t('fields.emailPlaceholder')}
            disabled={!isMailerEnabled}
            data-testid="forgot-password-email"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={isSubmitting}
          // Without the mailer nothing can be typed, so there is nothing to submit either.
          disabled={!isMailerEnabled || cooldown.isRunning}
          data-testid="forgot-password-submit"
        >
          {t('texts.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
