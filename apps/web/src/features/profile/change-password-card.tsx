import { Button, Card, Form, Input, message } from 'antd';
import { VALIDATION_MESSAGES } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { writeToken } from '../../lib/session/session-storage';
import { useChangePassword } from '../users/api/users-queries';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change one's password with the current one; the server answers a fresh token for this session. */
export function ChangePasswordCard() {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<PasswordValues>();
  const changePassword = useChangePassword();

  const handleFinish = async (values: PasswordValues) => {
    const { token } = await changePassword.mutateAsync(values);
    // Older tokens were revoked; this tab keeps working with the new one.
    writeToken(token);
    form.resetFields();
    void message.success(t('passwordChangedNote'));
  };

  return (
    <Card title={t('changePassword')} data-testid="profile-password">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 420 }}
        onFinish={(v) => void handleFinish(v).catch(() => undefined)}
      >
        <Form.Item name="currentPassword" label={t('currentPassword')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" data-testid="profile-current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('newPassword')} rules={[{ required: true }, { min: 8 }]}>
          <Input.Password autoComplete="new-password" data-testid="profile-new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('newPassword') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(VALIDATION_MESSAGES.newPasswordMismatch)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="profile-confirm-password" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={changePassword.isPending}
          data-testid="profile-password-submit"
        >
          {t('updatePassword')}
        </Button>
      </Form>
    </Card>
  );
}
