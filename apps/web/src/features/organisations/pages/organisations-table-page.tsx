import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Drawer, Empty, Flex, Input, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { OrganisationSummary } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useOrganisationList } from '../api/organisations-queries';
import { OrganisationDetailsCard } from '../components/organisation-details-card';
import { NewOrganisationDrawer } from '../components/new-organisation-drawer';
import { OrganisationFormDrawer } from '../components/organisation-form-drawer';

const PAGE_SIZE = 10;

/** The super admin's organisations: table with search, details and edit. */
export function OrganisationsTablePage() {
  const { t } = useTranslation('organisations');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<OrganisationSummary | null>(null);
  const [editing, setEditing] = useState<OrganisationSummary | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useOrganisationList({ search: search || undefined, page, pageSize: PAGE_SIZE });

  return (
    <Card variant="borderless" data-testid="organisations-page">
      <Flex vertical gap={16}>
        <Flex justify="space-between" gap={16} wrap>
          <Input.Search
            allowClear
            placeholder={t('search')}
            aria-label={t('search')}
            style={{ maxWidth: 320 }}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
            data-testid="organisations-search"
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="organisations-create"
          >
            {t('create.open')}
          </Button>
        </Flex>
        {list.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <Table<OrganisationSummary>
            rowKey="id"
            data-testid="organisations-table"
            dataSource={list.data?.organisations ?? []}
            loading={list.isFetching}
            locale={{ emptyText: <Empty description={t('empty')} /> }}
            scroll={{ x: true }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: list.data?.totalOrganisations ?? 0,
              showSizeChanger: false,
              onChange: setPage,
              showTotal: (total) => (
                <Typography.Text type="secondary">{t('total', { count: total })}</Typography.Text>
              ),
            }}
            columns={[
              { key: 'name', title: t('columns.name'), dataIndex: 'name' },
              {
                key: 'plan',
                title: t('columns.plan'),
                render: (_: unknown, o: OrganisationSummary) => (
                  <Tag color={o.plan === 'free' ? 'orange' : 'green'}>{t(`plans.${o.plan}`)}</Tag>
                ),
              },
              {
                key: 'parliament',
                title: t('columns.parliament'),
                render: (_: unknown, o: OrganisationSummary) => (o.parliamentWorkspace ? t('yes') : t('no')),
              },
              {
                key: 'website',
                title: t('columns.website'),
                render: (_: unknown, o: OrganisationSummary) => o.website ?? '—',
              },
              {
                key: 'created',
                title: t('columns.created'),
                render: (_: unknown, o: OrganisationSummary) => new Date(o.createdAt).toLocaleDateString(),
              },
              {
                key: 'actions',
                title: t('columns.actions'),
                render: (_: unknown, o: OrganisationSummary) => (
                  <Space size={4}>
                    <Button
                      size="small"
                      type="link"
                      onClick={() => setViewing(o)}
                      data-testid={`organisation-details-${o.id}`}
                    >
                      {t('actions.details')}
                    </Button>
                    <Button
                      size="small"
                      type="link"
                      onClick={() => setEditing(o)}
                      data-testid={`organisation-edit-${o.id}`}
                    >
                      {t('actions.edit')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Flex>
      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={t('details.title')}
        size="large"
        destroyOnHidden
      >
        {viewing ? <OrganisationDetailsCard organisationId={viewing.id} /> : null}
      </Drawer>
      <OrganisationFormDrawer organisation={editing} canChangePlan onClose={() => setEditing(null)} />
      <NewOrganisationDrawer open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
