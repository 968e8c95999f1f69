import { useEffect, useRef } from 'react';
import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { useAuthActions } from '../state/auth-context';

/** /verification/{uuid} (spec §2): verifies the e-mail; success → /app, failure → /. */
export function VerificationPage() {
  const { t } = useTranslation('auth');
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const { adoptToken } = useAuthActions();
  const verifiedUuid = useRef<string | null>(null);

  useEffect(() => {
    // The link is single-use: never send it twice (StrictMode runs effects twice in development).
    if (verifiedUuid.current === uuid) return;
    verifiedUuid.current = uuid;
    void (async () => {
      const result = uuid ? await authApi.verifyEmail(uuid) : null;
      const isVerified = result?.success === true && (await adoptToken(result.data));
      await navigate(isVerified ? '/app' : '/', { replace: true });
    })();
  }, [uuid, adoptToken, navigate]);

  return (
    <AuthCard testId="verification-page">
      <Flex vertical align="center" gap={24} style={{ padding: '32px 0', textAlign: 'center' }}>
        <Spin size="large" />
        <Typography.Text data-testid="verification-spinner">{t('texts.verifyingEmail')}</Typography.Text>
      </Flex>
    </AuthCard>
  );
}
