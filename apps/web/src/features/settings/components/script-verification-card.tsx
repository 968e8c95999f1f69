import { App, Button, Card, Empty, Skeleton, Table, Typography } from 'antd';
import type { DomainVerification } from '@bhasha/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsApi } from '../api/settings-api';
import { settingsKeys } from '../api/settings-keys';
import { DomainVerificationTag, useDomainVerifications } from './domain-verification-tag';

/**
 * Domain verification (spec §4 levels 0 none, 1 script verified, 2 project id verified, 3 client
 * verified): each domain's level, and a button that fetches its home page and checks the tag.
 */
export function ScriptVerificationCard({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = settingsKeys.verifications(projectId);
  const list = useDomainVerifications(projectId);
  const verify = useMutation({
    mutationFn: (domainId: string) => settingsApi.verifyScript(projectId, domainId),
    onSuccess: (result) => {
      if (!result.success) return;
      void (result.data.projectIdFound ? message.success(result.message) : message.warning(result.message));
      queryClient.setQueryData(key, result.data.domains);
    },
  });

  return (
    <Card title={t('verification.title')} data-testid="script-verification-card">
      <Typography.Paragraph type="secondary">{t('verification.description')}</Typography.Paragraph>
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Table<DomainVerification>
          rowKey="domainId"
          size="small"
          pagination={false}
          dataSource={list.data ?? []}
          locale={{ emptyText: <Empty description={t('verification.empty')} /> }}
          columns={[
            { title: t('verification.domain'), dataIndex: 'hostname' },
            {
              title: t('verification.level'),
              dataIndex: 'verificationLevel',
              render: (level: number) => <DomainVerificationTag level={level} />,
            },
            {
              title: t('verification.checkedAt'),
              dataIndex: 'checkedAt',
              render: (checkedAt: string | null) =>
                checkedAt ? new Date(checkedAt).toLocaleString(i18n.language) : t('verification.never'),
            },
            {
              title: t('list.actions'),
              key: 'actions',
              render: (_value, row) => (
                <Button
                  size="small"
                  onClick={() => verify.mutate(row.domainId)}
                  loading={verify.isPending && verify.variables === row.domainId}
                  data-testid="verify-script"
                >
                  {t('verification.verify')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
