import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton, Tabs } from 'antd';
import { ROLES, type UserSummary } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../auth/state/auth-context';
import { useAbilities, useCollaborators, useDeliveryManagers } from '../api/users-queries';
import { RoleUserList } from '../components/role-user-list';
import { UserFormDrawer } from '../components/user-form-drawer';
import { UsersTable } from '../components/users-table';

type DrawerState = { open: false } | { open: true; user: UserSummary | null };

/** /app/users: the organisation's team (a super admin: every organisation's users). */
export function UsersPage() {
  const { t } = useTranslation('users');
  const user = useSessionUser();
  const abilities = useAbilities();
  const [tab, setTab] = useState('all');
  const [drawer, setDrawer] = useState<DrawerState>({ open: false });
  const isSuper = user.role === ROLES.superAdmin;
  const showCollaborators =
    isSuper || user.role === ROLES.organisationAdmin || user.role === ROLES.freeOrgAdmin;
  const showDeliveryManagers = isSuper || user.role === ROLES.organisationAdmin;
  const collaborators = useCollaborators(tab === 'collaborators');
  const deliveryManagers = useDeliveryManagers(tab === 'deliveryManagers');

  if (abilities.isLoading) return <Skeleton active data-testid="users-page-loading" />;
  if (!abilities.data?.canManageUsers) {
    return <Result status="403" subTitle={t('forbidden')} data-testid="users-page-forbidden" />;
  }
  const creatableRoles = abilities.data?.creatableRoles ?? [];

  const items = [
    {
      key: 'all',
      label: t('tabs.all'),
      children: (
        <UsersTable
          showOrganisation={isSuper}
          currentUserId={user.id}
          onEdit={(u) => setDrawer({ open: true, user: u })}
        />
      ),
    },
    ...(showCollaborators
      ? [
          {
            key: 'collaborators',
            label: t('tabs.collaborators'),
            children: (
              <RoleUserList
                users={collaborators.data}
                isLoading={collaborators.isLoading}
                emptyText={t('emptyCollaborators')}
                testId="collaborators-table"
              />
            ),
          },
        ]
      : []),
    ...(showDeliveryManagers
      ? [
          {
            key: 'deliveryManagers',
            label: t('tabs.deliveryManagers'),
            children: (
              <RoleUserList
                users={deliveryManagers.data}
                isLoading={deliveryManagers.isLoading}
                emptyText={t('emptyDeliveryManagers')}
                testId="delivery-managers-table"
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card variant="borderless" data-testid="users-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={items}
        tabBarExtraContent={
          creatableRoles.length > 0 ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDrawer({ open: true, user: null })}
              data-testid="users-create"
            >
              {t('actions.create')}
            </Button>
          ) : null
        }
      />
      <UserFormDrawer
        open={drawer.open}
        user={drawer.open ? drawer.user : null}
        creatableRoles={creatableRoles}
        canChooseOrganisation={isSuper}
        onClose={() => setDrawer({ open: false })}
      />
    </Card>
  );
}
