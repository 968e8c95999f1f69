import { useEffect } from 'react';
import { Button, Flex, Typography } from 'antd';
import { NOTIFICATION_REDIRECT_SECONDS } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SadIllustration } from '../../../components/illustrations/sad-illustration';
import { SentIllustration } from '../../../components/illustrations/sent-illustration';
import { useCountdown } from '../../../lib/hooks/use-countdown';
import { AuthCard } from '../components/auth-card';
import { pickNotificationMood } from './notification-mood';

function decodeMessage(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** /notification/{message} (spec §2): the message, a picture, and a 30 s countdown home. */
export function NotificationPage() {
  const { t } = useTranslation('auth');
  const { message = '' } = useParams();
  const navigate = useNavigate();
  const text = decodeMessage(message);
  const countdown = useCountdown(NOTIFICATION_REDIRECT_SECONDS);

  useEffect(() => {
    if (countdown.remaining === 0) void navigate('/', { replace: true });
  }, [countdown.remaining, navigate]);

  return (
    <AuthCard testId="notification-page">
      <Flex vertical align="center" gap={16} style={{ textAlign: 'center' }}>
        {pickNotificationMood(text) === 'sent' ? <SentIllustration /> : <SadIllustration />}
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="notification-message">
          {text}
        </Typography.Title>
        <Typography.Text type="secondary" data-testid="notification-countdown">
          {t('notification.countdown', { seconds: countdown.remaining })}
        </Typography.Text>
        <Button
          type="primary"
          onClick={() => void navigate('/', { replace: true })}
          data-testid="notification-home"
        >
          {t('notification.goHomeNow')}
        </Button>
      </Flex>
    </AuthCard>
  );
}
