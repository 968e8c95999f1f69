import { Typography } from 'antd';
import { getAttemptsRemaining, shouldShowAttemptsRemaining } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';

/** 'Attempts remaining : N' when the failed attempts are more than 1 and not the limit (spec §2). */
export function AttemptsRemaining({ attempts }: { attempts: number }) {
  const { t } = useTranslation('auth');
  if (!shouldShowAttemptsRemaining(attempts)) return null;
  return (
    <Typography.Text
      type="danger"
      strong
      data-testid="sign-in-attempts"
      style={{ display: 'block', marginBottom: 16 }}
    >
      {t('signIn.attemptsRemaining', { remaining: getAttemptsRemaining(attempts) })}
    </Typography.Text>
  );
}
