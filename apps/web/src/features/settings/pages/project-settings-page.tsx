import { Alert, Breadcrumb, Card, Skeleton, Space, Tabs, Typography } from 'antd';
import {
  IGNORE_PATTERN_MAX_LENGTH,
  MAX_SETTING_SELECTOR_LENGTH,
  PROJECT_TYPES,
  checkIgnorePattern,
} from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useProject } from '../../projects/api/projects-queries';
import { IntegrationCard } from '../../projects/integration/integration-card';
import { settingsApi } from '../api/settings-api';
import { settingsKeys } from '../api/settings-keys';
import { FontSizesCard } from '../components/font-sizes-card';
import { ScriptVerificationCard } from '../components/script-verification-card';
import { SettingListCard } from '../components/setting-list-card';

/** /app/settings/:projectId — a website project's delivery settings, one tab per list. */
export function ProjectSettingsPage() {
  const { t } = useTranslation('settings');
  const { projectId = '' } = useParams();
  const project = useProject(projectId);

  if (project.isLoading) return <Skeleton active />;
  if (!project.data) return <Alert type="error" showIcon title={t('page.notFound')} />;
  const { data } = project;
  if (data.type !== PROJECT_TYPES.website)
    return <Alert type="info" showIcon title={t('page.websiteOnly')} />;

  const selectorProps = {
    maxLength: MAX_SETTING_SELECTOR_LENGTH,
    placeholder: t('selectors.placeholder'),
    valueLabel: t('selectors.selector'),
    toRow: (item: { id: string; selector: string }) => ({ id: item.id, value: item.selector }),
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="project-settings-page">
      <Breadcrumb
        items={[{ title: <Link to="/app/settings">{t('page.title')}</Link> }, { title: data.name }]}
      />
      <Card>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('page.projectTitle', { name: data.name })}
        </Typography.Title>
        <Typography.Text type="secondary">{data.baseUrl}</Typography.Text>
      </Card>
      <Tabs
        items={[
          {
            key: 'integration',
            label: t('tabs.integration'),
            children: (
              <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                <IntegrationCard projectId={projectId} />
                <ScriptVerificationCard projectId={projectId} />
              </Space>
            ),
          },
          {
            key: 'font-sizes',
            label: t('tabs.fontSizes'),
            children: (
              <FontSizesCard
                projectId={projectId}
                languages={[data.sourceLanguage, ...data.targetLanguages]}
              />
            ),
          },
          {
            key: 'no-translation',
            label: t('tabs.noTranslation'),
            children: (
              <SettingListCard
                {...selectorProps}
                testId="no-translation-nodes"
                title={t('noTranslation.title')}
                description={t('noTranslation.description')}
                queryKey={settingsKeys.noTranslationNodes(projectId)}
                fetchRows={() => settingsApi.noTranslationNodes(projectId)}
                add={(selector) => settingsApi.addNoTranslationNode(projectId, selector)}
                remove={(ids) => settingsApi.deleteNoTranslationNodes(projectId, ids)}
              />
            ),
          },
          {
            key: 'swalekh',
            label: t('tabs.swalekh'),
            children: (
              <SettingListCard
                {...selectorProps}
                testId="swalekh-nodes"
                title={t('swalekh.title')}
                description={t('swalekh.description')}
                queryKey={settingsKeys.swalekhNodes(projectId)}
                fetchRows={() => settingsApi.swalekhNodes(projectId)}
                add={(selector) => settingsApi.addSwalekhNode(projectId, selector)}
                remove={(ids) => settingsApi.deleteSwalekhNodes(projectId, ids)}
              />
            ),
          },
          {
            key: 'ignore-patterns',
            label: t('tabs.ignorePatterns'),
            children: (
              <SettingListCard
                testId="ignore-patterns"
                title={t('ignorePatterns.title')}
                description={t('ignorePatterns.description')}
                valueLabel={t('ignorePatterns.pattern')}
                placeholder={t('ignorePatterns.placeholder')}
                maxLength={IGNORE_PATTERN_MAX_LENGTH}
                validate={(pattern) => checkIgnorePattern(pattern) ?? undefined}
                queryKey={settingsKeys.ignorePatterns(projectId)}
                fetchRows={() => settingsApi.ignorePatterns(projectId)}
                toRow={(item) => ({ id: item.id, value: item.pattern })}
                add={(pattern) => settingsApi.addIgnorePattern(projectId, pattern)}
                remove={(ids) => settingsApi.deleteIgnorePatterns(projectId, ids)}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}
