import { useState } from 'react';
import { Avatar, Button, Card, Descriptions, Flex, Form, Input, Skeleton, Tag, Typography } from 'antd';
import { ROLE_LABELS } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useProfile, useUpdateUser } from '../users/api/users-queries';
import { ApikeyCard } from './apikey-card';
import { ChangePasswordCard } from './change-password-card';

/** /app/profile: one's details, password, API key and contract status. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const updateUser = useUpdateUser();
  const [isEditing, setIsEditing] = useState(false);
  if (profile.isLoading || !profile.data) return <Skeleton active data-testid="profile-loading" />;
  const user = profile.data;

  const handleSave = async (values: { name: string; phone: string }) => {
    await updateUser.mutateAsync({ userId: user.id, updateObj: { name: values.name, phone: values.phone } });
    setIsEditing(false);
  };

  return (
    <Flex vertical gap={16} data-testid="profile-page">
      <Card
        title={t('details')}
        extra={
          isEditing ? null : (
            <Button onClick={() => setIsEditing(true)} data-testid="profile-edit">
              {t('edit')}
            </Button>
          )
        }
      >
        <Flex align="center" gap={16} style={{ marginBottom: 24 }}>
          <Avatar size={56} style={{ backgroundColor: '#3F3CC8', fontSize: 22 }}>
            {(user.name || user.email).slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {user.name || user.email}
            </Typography.Title>
            <Tag color="geekblue">{ROLE_LABELS[user.role]}</Tag>
          </div>
        </Flex>
        {isEditing ? (
          <Form
            layout="vertical"
            style={{ maxWidth: 420 }}
            initialValues={{ name: user.name, phone: user.phone ?? '' }}
            onFinish={(values: { name: string; phone: string }) =>
              void handleSave(values).catch(() => undefined)
            }
          >
            <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={100} data-testid="profile-name" />
            </Form.Item>
            <Form.Item name="phone" label={t('phone')}>
              <Input maxLength={11} inputMode="tel" />
            </Form.Item>
            <Flex gap={8}>
              <Button
                type="primary"
                htmlType="submit"
                loading={updateUser.isPending}
                data-testid="profile-save"
              >
                {t('save')}
              </Button>
              <Button onClick={() => setIsEditing(false)}>{t('cancel')}</Button>
            </Flex>
          </Form>
        ) : (
          <Descriptions
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'name', label: t('name'), children: user.name || '—' },
              { key: 'email', label: t('email'), children: user.email },
              { key: 'phone', label: t('phone'), children: user.phone ?? '—' },
              { key: 'role', label: t('role'), children: ROLE_LABELS[user.role] },
              { key: 'organisation', label: t('organisation'), children: user.organisationName ?? '—' },
              {
                key: 'contract',
                label: t('contract'),
                children: (
                  <Tag color={user.contractAgreed ? 'green' : 'orange'} data-testid="profile-contract">
                    {user.contractAgreed ? t('contractAgreed') : t('contractPending')}
                  </Tag>
                ),
              },
            ]}
          />
        )}
      </Card>
      <ChangePasswordCard />
      <ApikeyCard apikey={user.apikey} />
    </Flex>
  );
}
