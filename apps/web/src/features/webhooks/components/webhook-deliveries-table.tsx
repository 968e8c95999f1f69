import { Table, Tag, Typography } from 'antd';
import type { WebhookDelivery, WebhookDeliveryStatus } from '@bhasha/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebhookDeliveries } from '../api/webhooks-queries';

const PAGE_SIZE = 10;
const STATUS_COLOURS: Record<WebhookDeliveryStatus, string> = {
  pending: 'processing',
  succeeded: 'success',
  failed: 'error',
};

/** An endpoint's deliveries, newest first: event, outcome, attempts and the endpoint's answer. */
export function WebhookDeliveriesTable({ endpointId }: { endpointId: string }) {
  const { t, i18n } = useTranslation('webhooks');
  const [page, setPage] = useState(1);
  const { data, isLoading } = useWebhookDeliveries(endpointId, page, PAGE_SIZE);
  const when = (value: string | null) => (value ? new Date(value).toLocaleString(i18n.language) : '—');

  return (
    <Table<WebhookDelivery>
      data-testid="webhook-deliveries"
      rowKey="id"
      size="small"
      loading={isLoading}
      dataSource={data?.deliveries ?? []}
      locale={{ emptyText: t('deliveries.empty') }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
      expandable={{
        expandedRowRender: (delivery) => (
          <Typography.Paragraph>
            <Typography.Text strong>{t('deliveries.payload')}</Typography.Text>
            <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {JSON.stringify(delivery.payload, null, 2)}
            </pre>
            <Typography.Text strong>{t('deliveries.response')}</Typography.Text>
            <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {delivery.responseBody ?? delivery.error ?? '—'}
            </pre>
          </Typography.Paragraph>
        ),
      }}
      columns={[
        { title: t('deliveries.event'), dataIndex: 'event', render: (event: string) => <Tag>{event}</Tag> },
        {
          title: t('deliveries.status'),
          dataIndex: 'status',
          render: (status: WebhookDeliveryStatus) => (
            <Tag color={STATUS_COLOURS[status]}>{t(`deliveryStatus.${status}`)}</Tag>
          ),
        },
        { title: t('deliveries.attempts'), dataIndex: 'attempts' },
        {
          title: t('deliveries.responseStatus'),
          dataIndex: 'responseStatus',
          render: (status: number | null, delivery) => status ?? delivery.error ?? '—',
        },
        { title: t('deliveries.createdAt'), dataIndex: 'createdAt', render: when },
        {
          title: t('deliveries.nextAttemptAt'),
          dataIndex: 'nextAttemptAt',
          render: when,
        },
      ]}
    />
  );
}
