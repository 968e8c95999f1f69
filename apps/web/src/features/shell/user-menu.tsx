import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Flex, Typography } from 'antd';
import { ROLE_LABELS } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthActions, useSessionUser } from '../auth/state/auth-context';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The header's user menu: who is signed in, the profile, and sign out. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const user = useSessionUser();
  const { logout } = useAuthActions();
  const navigate = useNavigate();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'profile',
            icon: <UserOutlined />,
            label: t('userMenu.profile'),
            'data-testid': 'user-menu-profile',
          },
          { type: 'divider' },
          {
            key: 'sign-out',
            icon: <LogoutOutlined />,
            label: t('userMenu.signOut'),
            danger: true,
            'data-testid': 'user-menu-sign-out',
          },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') void navigate('/app/profile');
          if (key === 'sign-out') void logout();
        },
      }}
    >
      <Flex
        align="center"
        gap={10}
        className="shell-user-menu"
        data-testid="user-menu"
        role="button"
        tabIndex={0}
      >
        <Avatar style={{ backgroundColor: '#F58A1F' }}>{initialsOf(user.name || user.email)}</Avatar>
        <Flex vertical className="shell-user-menu__text">
          <Typography.Text strong ellipsis style={{ maxWidth: 180 }}>
            {user.name || user.email}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {ROLE_LABELS[user.role]}
          </Typography.Text>
        </Flex>
      </Flex>
    </Dropdown>
  );
}
