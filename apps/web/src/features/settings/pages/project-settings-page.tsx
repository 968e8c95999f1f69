import { Alert, Breadcrumb, Card, Skeleton, Space, Tabs, Typography } from 'antd';
import {
  GLOSSARY_CSV_COLUMNS,
  IGNORE_PATTERN_MAX_LENGTH,
  MASK_TERMS_DOWNLOAD_NAME,
  MAX_SETTING_SELECTOR_LENGTH,
  PROJECT_TYPES,
  TRANSLITERATION_CSV_COLUMNS,
  checkIgnorePattern,
  getLanguageName,
  type GlossaryTerm,
} from '@bhasha/contract';
import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useProject } from '../../projects/api/projects-queries';
import { IntegrationCard } from '../../projects/integration/integration-card';
import { downloadCsv } from '../../workspace/lib/download-csv';
import { settingsApi, type TransliterationPair } from '../api/settings-api';
import { settingsKeys } from '../api/settings-keys';
import { CacheMetaCard } from '../components/cache-meta-card';
import { FontSizesCard } from '../components/font-sizes-card';
import { ScriptVerificationCard } from '../components/script-verification-card';
import { SettingListCard } from '../components/setting-list-card';
import { TermListCard } from '../components/term-list-card';

/** /app/settings/:projectId — a website project's delivery settings, one tab per list. */
export function ProjectSettingsPage() {
  const { t } = useTranslation('settings');
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  // The language of a transliteration file whose rows do not name one.
  const [pairsLanguage, setPairsLanguage] = useState<string | undefined>(undefined);
  const [isDownloading, setIsDownloading] = useState(false);

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
            key: 'transliteration',
            label: t('tabs.transliteration'),
            children: (
              <TermListCard<TransliterationPair>
                testId="transliteration-data"
                title={t('transliteration.title')}
                description={t('transliteration.description')}
                formatHint={t('terms.columns', { columns: TRANSLITERATION_CSV_COLUMNS.join(', ') })}
                queryKey={settingsKeys.transliterationPairs(projectId)}
                fetchPage={(page) => settingsApi.transliterationPairs(projectId, page)}
                upload={(file) => settingsApi.uploadTransliteration(projectId, file, pairsLanguage)}
                remove={(ids) => settingsApi.deleteTransliteration(projectId, ids)}
                describe={(row) => row.source}
                uploadOptions={
                  <Select
                    allowClear
                    value={pairsLanguage}
                    onChange={setPairsLanguage}
                    placeholder={t('transliteration.languageFromFile')}
                    style={{ minWidth: 220 }}
                    aria-label={t('transliteration.language')}
                    options={data.targetLanguages.map((code) => ({
                      value: code,
                      label: getLanguageName(code),
                    }))}
                    data-testid="transliteration-data-language"
                  />
                }
                columns={[
                  { title: t('transliteration.source'), dataIndex: 'source' },
                  { title: t('transliteration.target'), dataIndex: 'target' },
                  {
                    title: t('terms.language'),
                    dataIndex: 'targetLang',
                    render: (code: string) => getLanguageName(code),
                  },
                ]}
              />
            ),
          },
          {
            key: 'glossary',
            label: t('tabs.glossary'),
            children: (
              <TermListCard<GlossaryTerm>
                testId="mask-terms"
                title={t('glossary.title')}
                description={t('glossary.description')}
                formatHint={t('terms.columns', { columns: GLOSSARY_CSV_COLUMNS.join(', ') })}
                queryKey={settingsKeys.maskTerms(projectId)}
                fetchPage={(page) => settingsApi.maskTerms(projectId, page)}
                upload={(file) => settingsApi.uploadMaskTerms(projectId, file)}
                remove={(ids) => settingsApi.deleteMaskTerms(projectId, ids)}
                describe={(row) => row.term}
                actions={
                  <Button
                    icon={<DownloadOutlined />}
                    loading={isDownloading}
                    onClick={() => {
                      setIsDownloading(true);
                      void downloadCsv(
                        'transliterationGlossary/csv/get',
                        { projectId },
                        MASK_TERMS_DOWNLOAD_NAME,
                      ).finally(() => setIsDownloading(false));
                    }}
                    data-testid="mask-terms-download"
                  >
                    {t('glossary.download')}
                  </Button>
                }
                columns={[
                  { title: t('glossary.term'), dataIndex: 'term' },
                  {
                    title: t('glossary.action'),
                    dataIndex: 'action',
                    render: (action: GlossaryTerm['action']) => t(`glossary.actions.${action}`),
                  },
                  {
                    title: t('glossary.translation'),
                    dataIndex: 'translation',
                    render: (translation: string | null) => translation ?? '—',
                  },
                  {
                    title: t('terms.language'),
                    dataIndex: 'targetLang',
                    render: (code: string) =>
                      code === '*' ? t('glossary.allLanguages') : getLanguageName(code),
                  },
                  {
                    title: t('glossary.caseSensitive'),
                    dataIndex: 'caseSensitive',
                    render: (isCaseSensitive: boolean) =>
                      isCaseSensitive ? t('glossary.yes') : t('glossary.no'),
                  },
                ]}
              />
            ),
          },
          {
            key: 'cache-meta',
            label: t('tabs.cacheMeta'),
            children: <CacheMetaCard project={data} />,
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
