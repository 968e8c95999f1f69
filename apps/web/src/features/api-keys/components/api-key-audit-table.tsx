import { useState } from 'react';
import { Empty, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ApiKeyAuditEntry } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useApiKeyAudit, useApiKeys } from '../api/api-keys-queries';

const PAGE_SIZE = 20;

/** A page of calls made with the organisation's keys, newest first, optionally for one key. */
export function ApiKeyAuditTable() {
  const { t } = useTranslation('apiKeys');
  const [page, setPage] = useState(1);
  const [keyId, setKeyId] = useState<string | undefined>(undefined);
  const keys = useApiKeys();
  const audit = useApiKeyAudit({ page, pageSize: PAGE_SIZE, ...(keyId ? { keyId } : {}) });

  const columns: ColumnsType<ApiKeyAuditEntry> = [
    {
      title: t('audit.columns.time'),
      key: 'time',
      render: (_, entry) => new Date(entry.createdAt).toLocaleString(),
    },
    {
      title: t('audit.columns.key'),
      key: 'key',
      render: (_, entry) => (
        <span>
          {entry.apiKeyName} <Typography.Text type="secondary">{`${entry.apiKeyPrefix}…`}</Typography.Text>
        </span>
      ),
    },
    { title: t('audit.columns.method'), dataIndex: 'method', key: 'method' },
    {
      title: t('audit.columns.route'),
      key: 'route',
      render: (_, entry) => <Typography.Text code>{entry.route}</Typography.Text>,
    },
    {
      title: t('audit.columns.status'),
      key: 'status',
      render: (_, entry) => (
        <Tag color={entry.statusCode < 400 ? 'green' : entry.statusCode < 500 ? 'orange' : 'red'}>
          {entry.statusCode}
        </Tag>
      ),
    },
    {
      title: t('audit.columns.address'),
      key: 'address',
      render: (_, entry) => entry.clientAddress ?? '',
    },
  ];

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Select
        style={{ minWidth: 240 }}
        value={keyId ?? ''}
        onChange={(value: string) => {
          setKeyId(value || undefined);
          setPage(1);
        }}
        options={[
          { value: '', label: t('audit.allKeys') },
          ...(keys.data?.apiKeys ?? []).map((key) => ({
            value: key.id,
            label: `${key.name} (${key.prefix}…)`,
          })),
        ]}
        data-testid="api-key-audit-filter"
      />
      <Table<ApiKeyAuditEntry>
        rowKey="id"
        size="small"
        columns={columns}
        loading={audit.isLoading}
        dataSource={audit.data?.entries ?? []}
        scroll={{ x: true }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: audit.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('audit.total', { count: total }),
          onChange: setPage,
        }}
        locale={{ emptyText: <Empty description={t('audit.empty')} data-testid="api-key-audit-empty" /> }}
        data-testid="api-key-audit-table"
      />
    </Space>
  );
}
