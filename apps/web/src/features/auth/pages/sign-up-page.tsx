import { BankOutlined, LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row, Typography } from 'antd';
import { SIGN_UP_DEFAULT_ROLE } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSignUpMutation } from '../api/auth-mutations';
import { AuthCard } from '../components/auth-card';
import { createAuthFormRules } from '../validation/auth-form-rules';

interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  organisation: string;
  password: string;
  confirmPassword: string;
}

/** `/sign-up`: the older organisation sign-up form of `auth/new` (spec §2, §7). */
export function SignUpPage() {
  const { t } = useTranslation('auth');
  const rules = createAuthFormRules(t);
  const navigate = useNavigate();
  const signUp = useSignUpMutation();

  async function handleFinish(values: SignUpValues) {
    const result = await signUp.mutateAsync({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      organisation: values.organisation.trim(),
      password: values.password,
      confirmPassword: values.confirmPassword,
      role: SIGN_UP_DEFAULT_ROLE,
    });
    if (result.success) {
      await navigate(`/notification/${encodeURIComponent(t('messages.verificationEmailSent'))}`);
    }
  }

  return (
    <AuthCard
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      wide
      testId="sign-up-page"
      footer={
        <Typography.Text type="secondary">
          {t('freeTrial.haveAccount')} <Link to="/sign-in">{t('freeTrial.signInLink')}</Link>
        </Typography.Text>
      }
    >
      <Form<SignUpValues> layout="vertical" requiredMark={false} onFinish={handleFinish}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="firstName"
              label={t('fields.firstName')}
              rules={[{ required: true, message: t('validation.firstNameRequired') }]}
            >
              <Input prefix={<UserOutlined />} autoComplete="given-name" data-testid="sign-up-first-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="lastName"
              label={t('fields.lastName')}
              rules={[{ required: true, message: t('validation.lastNameRequired') }]}
            >
              <Input prefix={<UserOutlined />} autoComplete="family-name" data-testid="sign-up-last-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('fields.email')} rules={rules.signInEmail}>
              <Input
                prefix={<MailOutlined />}
                type="email"
                autoComplete="email"
                data-testid="sign-up-email"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="organisation"
              label={t('fields.organisation')}
              rules={[{ required: true, message: t('validation.organisationRequired') }]}
            >
              <Input
                prefix={<BankOutlined />}
                autoComplete="organization"
                placeholder={t('fields.organisationPlaceholder')}
                data-testid="sign-up-organisation"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="password" label={t('fields.password')} rules={rules.password}>
              <Input.Password
                prefix={<LockOutlined />}
                autoComplete="new-password"
                data-testid="sign-up-password"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="confirmPassword"
              label={t('fields.confirmPassword')}
              dependencies={['password']}
              rules={[
                { required: true, message: t('validation.confirmPasswordRequired') },
                ...rules.confirmPassword,
              ]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                autoComplete="new-password"
                data-testid="sign-up-confirm-password"
              />
            </Form.Item>
          </Col>
        </Row>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={signUp.isPending}
          data-testid="sign-up-submit"
        >
          {t('signUp.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
