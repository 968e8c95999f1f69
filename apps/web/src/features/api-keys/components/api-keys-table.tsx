import { Button, Empty, Popconfirm, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ApiKey } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { appToaster } from '../../../lib/api/app-toaster';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys-queries';
import { apiKeyStatus } from './api-key-status';

const STATUS_COLOURS = { active: 'green', revoked: 'default', expired: 'orange' } as const;

function formatDate(value: string | null, fallback: string): string {
  return value ? new Date(value).toLocaleString() : fallback;
}

/** The organisation's keys: prefix only, scopes, project, expiry, last use; revoke with a confirmation. */
export function ApiKeysTable() {
  const { t } = useTranslation('apiKeys');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const now = new Date();

  const handleRevoke = async (key: ApiKey) => {
    await revoke.mutateAsync(key.id);
    appToaster.success(t('revoke.done'));
  };

  const columns: ColumnsType<ApiKey> = [
    { title: t('columns.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('columns.prefix'),
      key: 'prefix',
      render: (_, key) => <Typography.Text code>{`${key.prefix}…`}</Typography.Text>,
    },
    {
      title: t('columns.scopes'),
      key: 'scopes',
      render: (_, key) => key.scopes.map((scope) => <Tag key={scope}>{t(`scopes.${scope}`)}</Tag>),
    },
    {
      title: t('columns.project'),
      key: 'project',
      render: (_, key) => key.projectName ?? t('allProjects'),
    },
    {
      title: t('columns.expires'),
      key: 'expires',
      render: (_, key) => formatDate(key.expiresAt, t('never')),
    },
    {
      title: t('columns.lastUsed'),
      key: 'lastUsed',
      render: (_, key) => formatDate(key.lastUsedAt, t('notUsed')),
    },
    {
      title: t('columns.created'),
      key: 'created',
      render: (_, key) => formatDate(key.createdAt, ''),
    },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_, key) => {
        const status = apiKeyStatus(key, now);
        return (
          <Tag color={STATUS_COLOURS[status]} data-testid={`api-key-status-${key.id}`}>
            {t(`status.${status}`)}
          </Tag>
        );
      },
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_, key) =>
        key.revokedAt ? null : (
          <Popconfirm
            title={t('revoke.title', { name: key.name })}
            description={t('revoke.body')}
            okText={t('revoke.confirm')}
            cancelText={t('revoke.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => handleRevoke(key).catch(() => undefined)}
          >
            <Button danger size="small" data-testid={`api-key-revoke-${key.id}`}>
              {t('revoke.action')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  if (keys.isLoading) return <Skeleton active data-testid="api-keys-loading" />;
  return (
    <Table<ApiKey>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={keys.data?.apiKeys ?? []}
      pagination={false}
      scroll={{ x: true }}
      locale={{ emptyText: <Empty description={t('empty')} data-testid="api-keys-empty" /> }}
      data-testid="api-keys-table"
    />
  );
}
