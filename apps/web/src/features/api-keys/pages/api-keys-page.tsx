import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiKeyAuditTable } from '../components/api-key-audit-table';
import { ApiKeysTable } from '../components/api-keys-table';
import { CreateApiKeyDrawer } from '../components/create-api-key-drawer';

/** /app/organisations/api-keys: an organisation admin's API keys and their audit log. */
export function ApiKeysPage() {
  const { t } = useTranslation('apiKeys');
  const [isCreating, setIsCreating] = useState(false);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="api-keys-page">
      <Breadcrumb
        items={[{ title: <Link to="/app/organisations">{t('back')}</Link> }, { title: t('title') }]}
      />
      <Card
        variant="borderless"
        title={t('title')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setIsCreating(true)}
            data-testid="api-keys-create"
          >
            {t('create')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <ApiKeysTable />
      </Card>
      <Card variant="borderless" title={t('audit.title')}>
        <Typography.Paragraph type="secondary">{t('audit.intro')}</Typography.Paragraph>
        <ApiKeyAuditTable />
      </Card>
      <CreateApiKeyDrawer open={isCreating} onClose={() => setIsCreating(false)} />
    </Space>
  );
}
