import { Empty, Skeleton, Table, Tag } from 'antd';
import { ROLE_LABELS, type UserSummary } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';

interface RoleUserListProps {
  users: UserSummary[] | undefined;
  isLoading: boolean;
  emptyText: string;
  testId: string;
}

/** A plain list of one role's users (collaborators, delivery managers). */
export function RoleUserList({ users, isLoading, emptyText, testId }: RoleUserListProps) {
  const { t } = useTranslation('users');
  if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <Table<UserSummary>
      rowKey="id"
      data-testid={testId}
      dataSource={users ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty description={emptyText} /> }}
      columns={[
        { key: 'name', title: t('columns.name'), dataIndex: 'name' },
        { key: 'email', title: t('columns.email'), dataIndex: 'email' },
        {
          key: 'role',
          title: t('columns.role'),
          render: (_: unknown, u: UserSummary) => <Tag>{ROLE_LABELS[u.role]}</Tag>,
        },
        {
          key: 'status',
          title: t('columns.status'),
          render: (_: unknown, u: UserSummary) => (
            <Tag color={u.status === 'active' ? 'green' : 'default'}>{t(`status.${u.status}`)}</Tag>
          ),
        },
      ]}
    />
  );
}
