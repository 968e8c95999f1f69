import { useState } from 'react';
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { readLoginFailureData } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { appToaster } from '../../../lib/api/app-toaster';
import { authApi } from '../api/auth-api';
import { AttemptsRemaining } from '../components/attempts-remaining';
import { AuthCard } from '../components/auth-card';
import { LockoutPanel } from '../components/lockout-panel';
import { useAuthActions, useAuthState } from '../state/auth-context';
import { createAuthFormRules } from '../validation/auth-form-rules';

interface SignInValues {
  email: string;
  password: string;
}

/** /sign-in (spec §2): e-mail and password, lockout panel and remaining attempts. */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const rules = createAuthFormRules(t);
  const { accountLocked, attemptsRemaining } = useAuthState();
  const { completeLogin, recordLoginFailure } = useAuthActions();
  const navigate = useNavigate();
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleFinish(values: SignInValues) {
    setIsSubmitting(true);
    const result = await authApi.login({
      email: values.email.trim(),
      password: values.password,
      recaptchaValue: '',
    });
    setIsSubmitting(false);
    if (result.success) {
      completeLogin(result.data.token, result.data.user);
      await navigate('/app', { replace: true });
      return;
    }
    // { locked, attempts }; anything else counts as not locked, no attempts.
    const failure = readLoginFailureData(result.data);
    // The lockout panel already says why; the same words as a toast would say it twice (spec §8).
    if (!failure.locked) appToaster.warning(result.message);
    recordLoginFailure({ message: result.message, ...failure });
  }

  return (
    <AuthCard
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      testId="sign-in-page"
      footer={
        <Typography.Text type="secondary">
          {t('signIn.noAccount')}{' '}
          <Link to="/" data-testid="sign-in-register-link">
            {t('signIn.register')}
          </Link>
        </Typography.Text>
      }
    >
      {accountLocked ? <LockoutPanel /> : null}
      <Form<SignInValues>
        layout="vertical"
        requiredMark={false}
        onFinish={handleFinish}
        data-testid="sign-in-form"
      >
        <Form.Item name="email" label={t('fields.email')} rules={rules.signInEmail}>
          <Input
            prefix={<MailOutlined />}
            type="email"
            autoComplete="email"
            placeholder={t('fields.emailPlaceholder')}
            size="large"
            data-testid="sign-in-email"
          />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={rules.signInPassword}>
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            size="large"
            data-testid="sign-in-password"
            iconRender={(isVisible) => (
              <span
                data-testid="sign-in-password-toggle"
                aria-label={isVisible ? t('fields.hidePassword') : t('fields.showPassword')}
                role="button"
              >
                {isVisible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
              </span>
            )}
          />
        </Form.Item>
        <Flex justify="space-between" style={{ marginBottom: 16 }}>
          <Link to="/forgotPassword" data-testid="sign-in-forgot-password-link">
            {t('signIn.forgotPassword')}
          </Link>
          <Link to="/privacy-policy" data-testid="sign-in-privacy-link">
            {t('signIn.privacyPolicy')}
          </Link>
        </Flex>
        <AttemptsRemaining attempts={attemptsRemaining} />
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={isSubmitting}
          data-testid="sign-in-submit"
        >
          {t('texts.logIn')}
        </Button>
      </Form>
    </AuthCard>
  );
}
