import { useMemo, useState } from 'react';
import { GlobalOutlined, LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Divider, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { OLD_FORM_MAX_LANGUAGES, PHONE_LENGTH, normaliseWebsiteUrl } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appToaster } from '../../../lib/api/app-toaster';
import { createAuthFormRules } from '../validation/auth-form-rules';
import { buildTargetLanguageOptions } from './language-options';
import { OtpVerificationField } from './otp-verification-field';
import type { FreeTrialValues, LanguageMode } from './registration-values';
import { ResendOtpButton } from './resend-otp-button';
import { TermsCheckbox } from './terms-checkbox';
import { useRegistrationFlow } from './use-registration-flow';

/** The free-trial registration form of spec §2/§4/§5 (`multiple`: the older three-language form). */
export function FreeTrialForm({ languageMode }: { languageMode: LanguageMode }) {
  const { t } = useTranslation('auth');
  const rules = createAuthFormRules(t);
  const [form] = Form.useForm<FreeTrialValues>();
  const flow = useRegistrationFlow(languageMode);
  const [hasAcceptedTerms, setHasAcceptedTerms] = useState(false);
  const languageOptions = useMemo(buildTargetLanguageOptions, []);
  const areDetailsLocked = flow.isOtpSent;
  const canRegister =
    hasAcceptedTerms && flow.isMobileVerified && flow.isEmailVerified && !flow.isRegistering;

  function limitLanguages(value: string[]): string[] {
    if (value.length <= OLD_FORM_MAX_LANGUAGES) return value;
    appToaster.warning(t('validation.languagesTooMany'));
    return value.slice(0, OLD_FORM_MAX_LANGUAGES);
  }

  return (
    <Form<FreeTrialValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={flow.sendOtp}
      data-testid="register-form"
      scrollToFirstError
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('fields.name')} rules={rules.name}>
            <Input
              prefix={<UserOutlined />}
              autoComplete="name"
              placeholder={t('fields.namePlaceholder')}
              disabled={areDetailsLocked}
              data-testid="register-name"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="url" label={t('fields.url')} rules={rules.url} normalize={normaliseWebsiteUrl}>
            <Input
              prefix={<GlobalOutlined />}
              autoComplete="url"
              placeholder={t('fields.urlPlaceholder')}
              disabled={areDetailsLocked}
              data-testid="register-url"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="email" label={t('fields.email')} rules={rules.registrationEmail}>
            <Input
              prefix={<MailOutlined />}
              autoComplete="email"
              placeholder={t('fields.emailPlaceholder')}
              disabled={areDetailsLocked}
              data-testid="register-email"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="phone" label={t('fields.phone')} rules={rules.phone}>
            <Input
              prefix={<MobileOutlined />}
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={PHONE_LENGTH + 1}
              placeholder={t('fields.phonePlaceholder')}
              disabled={areDetailsLocked}
              data-testid="register-phone"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="password" label={t('fields.password')} rules={rules.password}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="new-password"
              placeholder={t('fields.passwordPlaceholder')}
              disabled={areDetailsLocked}
              data-testid="register-password"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="confirmPassword"
            label={t('fields.confirmPassword')}
            rules={rules.confirmPassword}
            dependencies={['password']}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="new-password"
              placeholder={t('fields.confirmPasswordPlaceholder')}
              disabled={areDetailsLocked}
              data-testid="register-confirm-password"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          {languageMode === 'single' ? (
            <Form.Item name="language" label={t('fields.language')} rules={rules.language}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={languageOptions}
                placeholder={t('fields.languagePlaceholder')}
                disabled={areDetailsLocked}
                data-testid="register-language"
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="languages"
              label={t('fields.languages')}
              rules={rules.languages}
              getValueFromEvent={limitLanguages}
            >
              <Select
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                options={languageOptions}
                placeholder={t('fields.languagesPlaceholder')}
                disabled={areDetailsLocked}
                data-testid="register-languages"
              />
            </Form.Item>
          )}
        </Col>
      </Row>

      {flow.isOtpSent ? null : (
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={flow.isSendingOtp}
          data-testid="send-otp"
        >
          {t('freeTrial.sendOtp')}
        </Button>
      )}

      {flow.isOtpSent ? (
        <>
          <Divider style={{ margin: '8px 0 16px' }} />
          <Alert type="info" showIcon title={t('freeTrial.otpHint')} style={{ marginBottom: 16 }} />
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <OtpVerificationField
                label={t('fields.mobileOtp')}
                isVerified={flow.isMobileVerified}
                isVerifying={flow.isVerifyingMobile}
                onVerify={flow.verifyMobile}
                testId="mobile-otp"
              />
            </Col>
            <Col xs={24} sm={12}>
              <OtpVerificationField
                label={t('fields.emailOtp')}
                isVerified={flow.isEmailVerified}
                isVerifying={flow.isVerifyingEmail}
                onVerify={flow.verifyEmail}
                testId="email-otp"
              />
            </Col>
          </Row>
          <Flex justify="space-between" align="center" wrap style={{ marginTop: -8, marginBottom: 8 }}>
            {flow.isMobileVerified && flow.isEmailVerified ? (
              <span />
            ) : (
              <ResendOtpButton
                secondsLeft={flow.resendSecondsLeft}
                isResending={flow.isResending}
                onResend={flow.resend}
              />
            )}
            <Button
              type="link"
              style={{ paddingInline: 0 }}
              onClick={flow.editDetails}
              data-testid="edit-details"
            >
              {t('freeTrial.editDetails')}
            </Button>
          </Flex>
        </>
      ) : null}

      <div style={{ margin: '16px 0' }}>
        <TermsCheckbox isChecked={hasAcceptedTerms} onChange={setHasAcceptedTerms} />
      </div>
      <Button
        type="primary"
        size="large"
        block
        disabled={!canRegister}
        loading={flow.isRegistering}
        onClick={() => void flow.register()}
        data-testid="register-submit"
      >
        {t('texts.registerForFree')}
      </Button>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        {t('freeTrial.haveAccount')}{' '}
        <Link to="/sign-in" data-testid="register-sign-in-link">
          {t('freeTrial.signInLink')}
        </Link>
      </Typography.Paragraph>
    </Form>
  );
}
