import { Avatar, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { ROLE_LABELS } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../auth/state/auth-context';

/** /app/profile: who is signed in. */
export function ProfilePage() {
  const { t } = useTranslation(['shell', 'auth']);
  const user = useSessionUser();
  return (
    <Card variant="borderless" data-testid="profile-page">
      <Flex align="center" gap={16} style={{ marginBottom: 24 }}>
        <Avatar size={56} style={{ backgroundColor: '#3F3CC8', fontSize: 22 }}>
          {(user.name || user.email).slice(0, 1).toUpperCase()}
        </Avatar>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {user.name || user.email}
          </Typography.Title>
          <Tag color="geekblue" variant="filled">
            {ROLE_LABELS[user.role]}
          </Tag>
        </div>
      </Flex>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'name', label: t('auth:fields.name'), children: user.name || '—' },
          { key: 'email', label: t('auth:fields.email'), children: user.email },
          { key: 'role', label: t('userMenu.role'), children: ROLE_LABELS[user.role] },
          { key: 'organisation', label: t('dashboard.organisation'), children: user.organisationId ?? '—' },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 24, marginBottom: 0 }}>
        {t('descriptions.profile')}
      </Typography.Paragraph>
    </Card>
  );
}
