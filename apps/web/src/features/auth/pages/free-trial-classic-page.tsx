import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { FreeTrialForm } from '../registration/free-trial-form';

/** `/free-trial-classic`: the older free-trial form with up to three languages (spec §2). */
export function FreeTrialClassicPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard
      title={t('freeTrial.title')}
      subtitle={t('freeTrial.classicSubtitle')}
      wide
      testId="free-trial-classic-page"
    >
      <FreeTrialForm languageMode="multiple" />
    </AuthCard>
  );
}
