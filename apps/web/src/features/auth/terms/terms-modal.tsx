import type { ReactNode } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PrivacyPolicyContent } from './privacy-policy-content';

interface TermsModalProps {
  isOpen: boolean;
  onClose?: () => void;
  /** Footer controls (the contract agreement); the default is a Close button. */
  footer?: ReactNode;
  /** Shown above the policy text. */
  notice?: ReactNode;
  isClosable?: boolean;
}

/** The 'Terms & Conditions' modal (spec §2): the policy text, optionally with agreement controls. */
export function TermsModal({ isOpen, onClose, footer, notice, isClosable = true }: TermsModalProps) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Modal
      open={isOpen}
      title={t('texts.termsTitle')}
      onCancel={onClose}
      closable={isClosable}
      mask={{ closable: isClosable }}
      keyboard={isClosable}
      width={760}
      centered
      footer={footer ?? undefined}
      okText={t('common:actions.close')}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto', paddingRight: 8 } }}
      data-testid="terms-modal"
    >
      {notice}
      <PrivacyPolicyContent headingLevel={3} />
    </Modal>
  );
}
