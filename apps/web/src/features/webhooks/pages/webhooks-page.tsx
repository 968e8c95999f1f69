import { Button, Card, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import type { WebhookEndpoint } from '@bhasha/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteWebhook,
  useSendWebhookTest,
  useSetWebhookActive,
  useWebhookEndpoints,
} from '../api/webhooks-queries';
import { WebhookCreateModal } from '../components/webhook-create-modal';
import { WebhookDeliveriesTable } from '../components/webhook-deliveries-table';

/** /app/settings/webhooks: the organisation's endpoints, their events, deliveries and test events. */
export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const { data, isLoading } = useWebhookEndpoints();
  const setActive = useSetWebhookActive();
  const remove = useDeleteWebhook();
  const sendTest = useSendWebhookTest();
  const [isCreating, setIsCreating] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const selectedEndpoint = data?.endpoints.find((endpoint) => endpoint.id === selected) ?? null;

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        data-testid="webhooks-page"
        title={t('page.title')}
        extra={
          <Button type="primary" onClick={() => setIsCreating(true)} data-testid="webhook-add">
            {t('page.add')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('page.subtitle')}</Typography.Paragraph>
        <Table<WebhookEndpoint>
          data-testid="webhook-endpoints"
          rowKey="id"
          loading={isLoading}
          dataSource={data?.endpoints ?? []}
          pagination={false}
          locale={{ emptyText: t('page.empty') }}
          columns={[
            {
              title: t('endpoints.url'),
              dataIndex: 'url',
              render: (url: string, endpoint) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text code>{url}</Typography.Text>
                  {endpoint.description ? (
                    <Typography.Text type="secondary">{endpoint.description}</Typography.Text>
                  ) : null}
                </Space>
              ),
            },
            {
              title: t('endpoints.events'),
              dataIndex: 'events',
              render: (events: string[]) => events.map((event) => <Tag key={event}>{event}</Tag>),
            },
            {
              title: t('endpoints.secret'),
              dataIndex: 'secretHint',
              render: (hint: string) => <Typography.Text code>{hint}</Typography.Text>,
            },
            {
              title: t('endpoints.active'),
              dataIndex: 'isActive',
              render: (isActive: boolean, endpoint) => (
                <Switch
                  checked={isActive}
                  aria-label={t('endpoints.activeLabel', { url: endpoint.url })}
                  onChange={(checked) => setActive.mutate({ endpointId: endpoint.id, isActive: checked })}
                />
              ),
            },
            {
              title: t('endpoints.actions'),
              key: 'actions',
              render: (_, endpoint) => (
                <Space wrap>
                  <Button size="small" onClick={() => setSelected(endpoint.id)}>
                    {t('endpoints.deliveries')}
                  </Button>
                  <Button
                    size="small"
                    loading={sendTest.isPending && sendTest.variables === endpoint.id}
                    onClick={() => {
                      setSelected(endpoint.id);
                      sendTest.mutate(endpoint.id);
                    }}
                  >
                    {t('endpoints.sendTest')}
                  </Button>
                  <Popconfirm
                    title={t('endpoints.deleteConfirm')}
                    okText={t('endpoints.delete')}
                    cancelText={t('create.cancel')}
                    onConfirm={() => {
                      if (selected === endpoint.id) setSelected(null);
                      remove.mutate(endpoint.id);
                    }}
                  >
                    <Button size="small" danger>
                      {t('endpoints.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {selectedEndpoint ? (
        <Card title={t('deliveries.title', { url: selectedEndpoint.url })}>
          <WebhookDeliveriesTable endpointId={selectedEndpoint.id} />
        </Card>
      ) : null}
      <WebhookCreateModal
        open={isCreating}
        events={data?.events ?? []}
        onClose={() => setIsCreating(false)}
      />
    </Space>
  );
}
