import { ApiOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { ItemList } from '../../../components/item-list/item-list';
import { PROJECT_TYPES, type Project } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router';
import { ProjectPickerCard } from '../../projects/components/project-picker-card';
import { useAbilities } from '../../users/api/users-queries';
import { WebhooksPage } from '../../webhooks/pages/webhooks-page';
import { ProjectSettingsPage } from './project-settings-page';

const PAGE_SIZE = 20;

/** /app/settings: pick a website project, then its delivery settings. */
export function SettingsPage() {
  return (
    <Routes>
      <Route index element={<SettingsHomePage />} />
      <Route path="webhooks" element={<WebhooksPage />} />
      <Route path=":projectId" element={<ProjectSettingsPage />} />
    </Routes>
  );
}

const isWebsite = (project: Project) => project.type === PROJECT_TYPES.website;

function SettingsHomePage() {
  const { t } = useTranslation('settings');
  const { t: tWebhooks } = useTranslation('webhooks');
  const abilities = useAbilities().data;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {abilities?.canEditOwnOrganisation ? (
        <Card
          title={tWebhooks('page.title')}
          extra={
            <Link to="webhooks">
              <Button icon={<ApiOutlined />}>{tWebhooks('page.manage')}</Button>
            </Link>
          }
          data-testid="settings-webhooks"
        >
          <Typography.Text type="secondary">{tWebhooks('page.subtitle')}</Typography.Text>
        </Card>
      ) : null}
      <ProjectPickerCard
        testId="settings-home"
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        searchLabel={t('page.search')}
        emptyText={t('page.empty')}
        pageSize={PAGE_SIZE}
        filter={isWebsite}
        renderItem={(project) => (
          <ItemList.Item data-testid="settings-project" extra={<Link to={project.id}>{t('page.open')}</Link>}>
            <ItemList.Meta
              title={<Link to={project.id}>{project.name}</Link>}
              description={project.baseUrl}
            />
          </ItemList.Item>
        )}
      />
    </Space>
  );
}
