import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** The sign-in lockout panel of spec §2. */
export function LockoutPanel() {
  const { t } = useTranslation('auth');
  return (
    <Alert
      type="error"
      showIcon
      data-testid="sign-in-lockout"
      style={{ marginBottom: 24 }}
      title={t('texts.lockoutTitle')}
      description={
        <>
          <div>{t('texts.lockoutMessage')}</div>
          <div>{t('texts.lockoutAdvice')}</div>
        </>
      }
    />
  );
}
