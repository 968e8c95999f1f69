import { useState } from 'react';
import { Alert, Button, Checkbox, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { appToaster } from '../../lib/api/app-toaster';
import { useAgreeToContractMutation } from '../auth/api/auth-mutations';
import { useAuthActions, useSessionUser } from '../auth/state/auth-context';
import { TermsModal } from '../auth/terms/terms-modal';

/**
 * The contract agreement (spec §2): a signed-in user who has not agreed sees the 'Terms &
 * Conditions'; with an apikey, a checkbox and an Agree button enabled only when it is checked.
 */
export function ContractModal() {
  const { t } = useTranslation(['auth', 'common', 'shell']);
  const user = useSessionUser();
  const { markContractAgreed, logout } = useAuthActions();
  const agree = useAgreeToContractMutation();
  const [hasChecked, setHasChecked] = useState(false);

  if (user.contractAgreed) return null;

  async function handleAgree() {
    if (!user.apikey) {
      appToaster.error(t('common:errors.somethingWentWrong'));
      return;
    }
    const result = await agree.mutateAsync({ apikey: user.apikey, updateObj: { contractAgreed: true } });
    if (result.success) markContractAgreed();
  }

  const footer = user.apikey ? (
    <Flex justify="space-between" align="center" gap={16} wrap>
      <Checkbox
        checked={hasChecked}
        onChange={(event) => setHasChecked(event.target.checked)}
        data-testid="contract-checkbox"
      >
        {t('texts.termsConsent')}
      </Checkbox>
      <Button
        type="primary"
        disabled={!hasChecked}
        loading={agree.isPending}
        onClick={() => void handleAgree()}
        data-testid="contract-agree"
      >
        {t('texts.agree')}
      </Button>
    </Flex>
  ) : (
    <Button onClick={() => void logout()} data-testid="contract-sign-out">
      {t('shell:contract.signOut')}
    </Button>
  );

  return (
    <TermsModal
      isOpen
      isClosable={false}
      footer={footer}
      notice={
        user.apikey ? (
          <Alert type="info" showIcon title={t('shell:contract.intro')} style={{ marginBottom: 16 }} />
        ) : (
          <Alert
            type="error"
            showIcon
            title={t('common:errors.somethingWentWrong')}
            style={{ marginBottom: 16 }}
            data-testid="contract-error"
          />
        )
      }
    />
  );
}
