import { useState } from 'react';
import { Button, Card, Checkbox, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { PrivacyPolicyContent } from '../terms/privacy-policy-content';
import './privacy-policy-page.css';

/** /privacy-policy (spec §2): the full policy and the 18+ acceptance checkbox. No banner. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [hasAccepted, setHasAccepted] = useState(false);

  function handleContinue() {
    // React Router numbers history entries; index 0 means the policy was opened directly.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate('/'));
  }
  return (
    <div className="privacy-page">
      <header className="privacy-page__header">
        <Link to="/" aria-label={t('common:appName')}>
          <BrandLogo size={32} />
        </Link>
      </header>
      <Card className="privacy-page__card" variant="borderless">
        <PrivacyPolicyContent headingLevel={1} />
        <Flex className="privacy-page__consent" gap={16} wrap justify="space-between" align="center">
          <Checkbox
            checked={hasAccepted}
            onChange={(event) => setHasAccepted(event.target.checked)}
            data-testid="privacy-accept"
          >
            {t('privacy.accept')}
          </Checkbox>
          <Button
            type="primary"
            disabled={!hasAccepted}
            onClick={handleContinue}
            data-testid="privacy-continue"
          >
            {t('privacy.continue')}
          </Button>
        </Flex>
      </Card>
    </div>
  );
}
