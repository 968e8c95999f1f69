import { useState } from 'react';
import { Card, Empty, Input, List, Skeleton, Space, Tag, Typography } from 'antd';
import { LANGUAGES, getLanguageColour, isLanguageCode } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProjectList } from '../../projects/api/projects-queries';
import { ProjectStatusTag } from '../../projects/components/project-status-tag';

const PAGE_SIZE = 10;

/** /app/workspace: pick a project and a target language to open the editor. */
export function WorkspaceHomePage() {
  const { t } = useTranslation('workspace');
  const [searchText, setSearchText] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const list = useProjectList({ pageNumber, pageSize: PAGE_SIZE, ...(searchText ? { searchText } : {}) });
  const languageName = (code: string) => (isLanguageCode(code) ? LANGUAGES[code] : code);

  return (
    <Card
      data-testid="workspace-home"
      title={
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('home.title')}
        </Typography.Title>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('home.subtitle')}
        </Typography.Paragraph>
        <Input.Search
          allowClear
          placeholder={t('home.search')}
          aria-label={t('home.search')}
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
            dataSource={list.data?.projectList ?? []}
            locale={{ emptyText: <Empty description={t('home.empty')} /> }}
            pagination={{
              current: pageNumber,
              pageSize: PAGE_SIZE,
              total: list.data?.totalProjects ?? 0,
              hideOnSinglePage: true,
              onChange: setPageNumber,
            }}
            renderItem={(project) => (
              <List.Item data-testid="workspace-project">
                <List.Item.Meta
                  title={
                    <Space>
                      <Typography.Text strong>{project.name}</Typography.Text>
                      <ProjectStatusTag status={project.status} />
                    </Space>
                  }
                  description={project.baseUrl}
                />
                <Space wrap>
                  {project.targetLanguages.map((language) => (
                    <Link key={language} to={`${project.id}/${language}`}>
                      <Tag color={getLanguageColour(language)} style={{ cursor: 'pointer' }}>
                        {languageName(language)}
                      </Tag>
                    </Link>
                  ))}
                  <Link to={`${project.id}/suggestions`}>{t('home.suggestions')}</Link>
                  <Link to={`${project.id}/feedback`}>{t('home.feedback')}</Link>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Space>
    </Card>
  );
}
