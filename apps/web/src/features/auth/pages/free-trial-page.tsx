import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { FreeTrialForm } from '../registration/free-trial-form';

/** `/`: free-trial registration with one target language (spec §2). */
export function FreeTrialPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('freeTrial.title')} subtitle={t('freeTrial.subtitle')} wide testId="free-trial-page">
      <FreeTrialForm languageMode="single" />
    </AuthCard>
  );
}
