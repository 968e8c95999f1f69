import { Space, Tag, Typography } from 'antd';
import { ItemList } from '../../../components/item-list/item-list';
import { LANGUAGES, getLanguageColour, isLanguageCode } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProjectPickerCard } from '../../projects/components/project-picker-card';
import { ProjectStatusTag } from '../../projects/components/project-status-tag';

const PAGE_SIZE = 10;

/** /app/workspace: pick a project and a target language to open the editor. */
export function WorkspaceHomePage() {
  const { t } = useTranslation('workspace');
  const languageName = (code: string) => (isLanguageCode(code) ? LANGUAGES[code] : code);

  return (
    <ProjectPickerCard
      testId="workspace-home"
      title={t('home.title')}
      subtitle={t('home.subtitle')}
      searchLabel={t('home.search')}
      emptyText={t('home.empty')}
      pageSize={PAGE_SIZE}
      renderItem={(project) => (
        <ItemList.Item data-testid="workspace-project">
          <ItemList.Meta
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
        </ItemList.Item>
      )}
    />
  );
}
