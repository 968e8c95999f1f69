import { useState } from 'react';
import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { appToaster } from '../../../lib/api/app-toaster';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { useAuthActions } from '../state/auth-context';
import { createAuthFormRules } from '../validation/auth-form-rules';

interface NewPasswordValues {
  password?: string;
  confirmPassword?: string;
}

/** /new-password/{token} (spec §2, §5): set a new password from the reset link. */
export function NewPasswordPage() {
  const { t } = useTranslation('auth');
  const rules = createAuthFormRules(t);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { adoptToken } = useAuthActions();
  const [form] = Form.useForm<NewPasswordValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleFinish(values: NewPasswordValues) {
    const password = values.password ?? '';
    const confirmPassword = values.confirmPassword ?? '';
    if (!password || !confirmPassword) {
      setFormError(t('validation.newPasswordRequired'));
      return;
    }
    setFormError(null);
    setIsSubmitting(true);
    const result = await authApi.updatePassword({ password, token });
    setIsSubmitting(false);
    if (!result.success) return;
    if (result.message) appToaster.success(result.message);
    await adoptToken(result.data.token);
    await navigate('/', { replace: true });
  }

  return (
    <AuthCard
      title={t('texts.newPasswordPrompt')}
      subtitle={t('newPassword.subtitle')}
      testId="new-password-page"
    >
      {formError ? (
        <Alert
          type="warning"
          showIcon
          title={formError}
          style={{ marginBottom: 16 }}
          data-testid="new-password-error"
        />
      ) : null}
      <Form<NewPasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={handleFinish}
        onValuesChange={() => setFormError(null)}
      >
        <Form.Item name="password" label={t('fields.newPassword')} rules={rules.newPassword}>
          <Input.Password
            prefix={<LockOutlined />}
            size="large"
            autoComplete="new-password"
            data-testid="new-password-password"
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('fields.confirmPassword')}
          dependencies={['password']}
          rules={rules.newPasswordConfirm}
        >
          <Input.Password
            prefix={<LockOutlined />}
            size="large"
            autoComplete="new-password"
            data-testid="new-password-confirm"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={isSubmitting}
          data-testid="new-password-submit"
        >
          {t('texts.updatePassword')}
        </Button>
      </Form>
    </AuthCard>
  );
}
