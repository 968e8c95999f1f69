import { useState } from 'react';
import { Card, Empty, Input, List, Skeleton, Space, Typography } from 'antd';
import { PROJECT_TYPES } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router';
import { useProjectList } from '../../projects/api/projects-queries';
import { ProjectSettingsPage } from './project-settings-page';

const PAGE_SIZE = 20;

/** /app/settings: pick a website project, then its delivery settings. */
export function SettingsPage() {
  return (
    <Routes>
      <Route index element={<SettingsHomePage />} />
      <Route path=":projectId" element={<ProjectSettingsPage />} />
    </Routes>
  );
}

function SettingsHomePage() {
  const { t } = useTranslation('settings');
  const [searchText, setSearchText] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const list = useProjectList({ pageNumber, pageSize: PAGE_SIZE, ...(searchText ? { searchText } : {}) });
  const websites = (list.data?.projectList ?? []).filter((project) => project.type === PROJECT_TYPES.website);

  return (
    <Card
      data-testid="settings-home"
      title={
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('page.title')}
        </Typography.Title>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('page.subtitle')}
        </Typography.Paragraph>
        <Input.Search
          allowClear
          placeholder={t('page.search')}
          aria-label={t('page.search')}
          onSearch={(value) => {
            setSearchText(value.trim());
            setPageNumber(1);
          }}
          style={{ maxWidth: 360 }}
        />
        {list.isLoading ? (
          <Skeleton active />
        ) : (
          <List
            dataSource={websites}
            locale={{ emptyText: <Empty description={t('page.empty')} /> }}
            pagination={{
              current: pageNumber,
              pageSize: PAGE_SIZE,
              total: list.data?.totalProjects ?? 0,
              hideOnSinglePage: true,
              onChange: setPageNumber,
            }}
            renderItem={(project) => (
              <List.Item data-testid="settings-project" extra={<Link to={project.id}>{t('page.open')}</Link>}>
                <List.Item.Meta
                  title={<Link to={project.id}>{project.name}</Link>}
                  description={project.baseUrl}
                />
              </List.Item>
            )}
          />
        )}
      </Space>
    </Card>
  );
}
