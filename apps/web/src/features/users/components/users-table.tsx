import { useState } from 'react';
import {
  Button,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
  message,
} from 'antd';
import {
  ROLE_LABELS,
  ROLE_VALUES,
  USER_STATUS_VALUES,
  type Role,
  type UserStatus,
  type UserSummary,
} from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useOrganisationNames } from '../../organisations/api/organisations-queries';
import { useSendPasswordReset, useSwitchStatus, useUserList } from '../api/users-queries';

const PAGE_SIZE = 10;

interface UsersTableProps {
  /** Whether the organisation column shows (super admins see every organisation). */
  showOrganisation: boolean;
  onEdit: (user: UserSummary) => void;
  currentUserId: string;
}

/** The user list: server-side search, pagination, role and status filters, and row actions. */
export function UsersTable({ showOrganisation, onEdit, currentUserId }: UsersTableProps) {
  const { t } = useTranslation('users');
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | undefined>();
  const [status, setStatus] = useState<UserStatus | undefined>();
  const [organisationId, setOrganisationId] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const organisations = useOrganisationNames(showOrganisation);
  const filters = { search: search || undefined, role, status, organisationId, page, pageSize: PAGE_SIZE };
  const list = useUserList(filters);
  const switchStatus = useSwitchStatus();
  const sendReset = useSendPasswordReset();
  const isFiltered = Boolean(search || role || status || organisationId);

  const columns = [
    { key: 'name', title: t('columns.name'), dataIndex: 'name' },
    { key: 'email', title: t('columns.email'), dataIndex: 'email' },
    {
      key: 'role',
      title: t('columns.role'),
      render: (_: unknown, user: UserSummary) => <Tag color="geekblue">{ROLE_LABELS[user.role]}</Tag>,
    },
    ...(showOrganisation
      ? [
          {
            key: 'organisation',
            title: t('columns.organisation'),
            render: (_: unknown, user: UserSummary) => user.organisationName ?? '—',
          },
        ]
      : []),
    {
      key: 'status',
      title: t('columns.status'),
      render: (_: unknown, user: UserSummary) => (
        <Tag color={user.status === 'active' ? 'green' : 'default'} data-testid={`user-status-${user.id}`}>
          {t(`status.${user.status}`)}
        </Tag>
      ),
    },
    {
      key: 'nmt',
      title: t('columns.nmt'),
      render: (_: unknown, user: UserSummary) => (user.nmtEnabled ? t('nmt.on') : t('nmt.off')),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_: unknown, user: UserSummary) =>
        user.id === currentUserId ? null : (
          <Space size={4} wrap>
            <Button
              size="small"
              type="link"
              onClick={() => onEdit(user)}
              data-testid={`user-edit-${user.id}`}
            >
              {t('actions.edit')}
            </Button>
            {user.status === 'active' ? (
              <Popconfirm
                title={t('confirmDeactivate', { name: user.name })}
                onConfirm={() => switchStatus.mutateAsync({ userId: user.id, status: 'inactive' })}
              >
                <Button size="small" type="link" danger data-testid={`user-deactivate-${user.id}`}>
                  {t('actions.deactivate')}
                </Button>
              </Popconfirm>
            ) : (
              <Button
                size="small"
                type="link"
                onClick={() =>
                  void switchStatus.mutateAsync({ userId: user.id, status: 'active' }).catch(() => undefined)
                }
                data-testid={`user-activate-${user.id}`}
              >
                {t('actions.activate')}
              </Button>
            )}
            <Button
              size="small"
              type="link"
              onClick={() =>
                void sendReset
                  .mutateAsync(user.email)
                  .then(() => message.success(t('resetSent', { email: user.email })))
                  .catch(() => undefined)
              }
              data-testid={`user-reset-${user.id}`}
            >
              {t('actions.resetPassword')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap>
        <Input.Search
          allowClear
          placeholder={t('search')}
          aria-label={t('search')}
          style={{ maxWidth: 320 }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
          data-testid="users-search"
        />
        <Select
          allowClear
          placeholder={t('filters.allRoles')}
          aria-label={t('filters.role')}
          style={{ minWidth: 200 }}
          value={role}
          onChange={(value?: Role) => {
            setRole(value);
            setPage(1);
          }}
          options={ROLE_VALUES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
          data-testid="users-role-filter"
        />
        <Select
          allowClear
          placeholder={t('filters.allStatuses')}
          aria-label={t('filters.status')}
          style={{ minWidth: 160 }}
          value={status}
          onChange={(value?: UserStatus) => {
            setStatus(value);
            setPage(1);
          }}
          options={USER_STATUS_VALUES.map((value) => ({ value, label: t(`status.${value}`) }))}
          data-testid="users-status-filter"
        />
        {showOrganisation ? (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filters.allOrganisations')}
            aria-label={t('filters.organisation')}
            style={{ minWidth: 220 }}
            value={organisationId}
            loading={organisations.isLoading}
            onChange={(value?: string) => {
              setOrganisationId(value);
              setPage(1);
            }}
            options={(organisations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            data-testid="users-organisation-filter"
          />
        ) : null}
      </Flex>
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} data-testid="users-loading" />
      ) : (
        <Table<UserSummary>
          rowKey="id"
          data-testid="users-table"
          columns={columns}
          dataSource={list.data?.users ?? []}
          loading={list.isFetching}
          locale={{ emptyText: <Empty description={isFiltered ? t('emptyFiltered') : t('empty')} /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.totalUsers ?? 0,
            showSizeChanger: false,
            onChange: setPage,
            showTotal: (total) => (
              <Typography.Text type="secondary">{t('total', { count: total })}</Typography.Text>
            ),
          }}
          scroll={{ x: true }}
        />
      )}
    </Flex>
  );
}
