import { useState } from 'react';
import { Button, Input, Popconfirm, Space, message } from 'antd';
import type { ManualRequest, ManualRequestAction } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useManualRequestAction } from '../api/manual-translation-queries';

const CONFIRM_KEYS = {
  approve: 'actions.confirmApprove',
  reject: 'actions.confirmReject',
  delete: 'actions.confirmDelete',
  revert: 'actions.confirmRevert',
} as const;

/** The buttons of one order: exactly the actions the server says the caller may take now. */
export function ManualRequestActions({ request }: { request: ManualRequest }) {
  const { t } = useTranslation('humanTranslation');
  const act = useManualRequestAction();
  const [reason, setReason] = useState('');

  const handleConfirm = async (action: ManualRequestAction) => {
    try {
      await act.mutateAsync({ action, requestId: request.id, reason: reason.trim() || undefined });
      void message.success(t(`actions.done.${action}`));
      setReason('');
    } catch {
      // The API client has shown the server's message.
    }
  };

  if (request.actions.length === 0) return null;
  return (
    <Space size={4} wrap>
      {request.actions.map((action) => (
        <Popconfirm
          key={action}
          title={t(CONFIRM_KEYS[action])}
          description={
            action === 'reject' ? (
              <Input
                aria-label={t('actions.rejectReason')}
                placeholder={t('actions.rejectReason')}
                maxLength={1000}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            ) : undefined
          }
          onConfirm={() => handleConfirm(action)}
        >
          <Button
            size="small"
            type="link"
            danger={action === 'delete' || action === 'reject'}
            loading={
              act.isPending && act.variables?.action === action && act.variables.requestId === request.id
            }
            data-testid={`request-${action}-${request.id}`}
          >
            {t(`actions.${action}`)}
          </Button>
        </Popconfirm>
      ))}
    </Space>
  );
}
