import { Tag } from 'antd';
import type { ManualTranslationStatus } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';

/** antd preset colours per status: waiting amber, working blue, done green, refused red, gone grey. */
const STATUS_COLOURS: Record<ManualTranslationStatus, string> = {
  pendingMachineTranslation: 'gold',
  processingMachineTranslation: 'processing',
  completedMachineTranslation: 'cyan',
  rejectedMachineTranslation: 'red',
  pendingManualTranslation: 'gold',
  processingManualTranslation: 'processing',
  completedManualTranslation: 'green',
  rejectedManualTranslation: 'red',
  projectDeleted: 'default',
  signOff: 'success',
  reverted: 'purple',
};

export function ManualRequestStatusTag({ status, id }: { status: ManualTranslationStatus; id: string }) {
  const { t } = useTranslation('humanTranslation');
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid={`request-status-${id}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}
