import { useState } from 'react';
import { Button, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { TermsModal } from '../terms/terms-modal';

interface TermsCheckboxProps {
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
}

/** The terms box of the free-trial form; its link opens the 'Terms & Conditions' modal. */
export function TermsCheckbox({ isChecked, onChange }: TermsCheckboxProps) {
  const { t } = useTranslation('auth');
  const [isModalOpen, setIsModalOpen] = useState(false);
  return (
    <>
      <Checkbox
        checked={isChecked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid="terms-checkbox"
      >
        {t('freeTrial.termsPrefix')}
      </Checkbox>
      <Button
        type="link"
        style={{ paddingInline: 0, height: 'auto' }}
        onClick={() => setIsModalOpen(true)}
        data-testid="terms-link"
      >
        {t('freeTrial.termsLink')}
      </Button>
      <TermsModal isOpen={isModalOpen} onClose={() => setIsModalOpen(false)} />
    </>
  );
}
