import { FileTextOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppFiles } from '../api/app-files-queries';
import { FileLanguageProgress } from './file-language-progress';

/**
 * A mobile project's files on its overview (where a website shows its crawl): how many, their
 * strings and words, and each language's progress over all of them.
 */
export function AppFilesSummaryCard({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation('appFiles');
  const files = useAppFiles(projectId);
  const list = files.data ?? [];
  const sum = (pick: (file: (typeof list)[number]) => number) =>
    list.reduce((total, file) => total + pick(file), 0);
  // Every file's counts per language, added up.
  const languages = new Map<string, { translatedCount: number; reviewCount: number; totalCount: number }>();
  for (const file of list)
    for (const entry of file.languages) {
      const current = languages.get(entry.language) ?? { translatedCount: 0, reviewCount: 0, totalCount: 0 };
      languages.set(entry.language, {
        translatedCount: current.translatedCount + entry.translatedCount,
        reviewCount: current.reviewCount + entry.reviewCount,
        totalCount: current.totalCount + entry.totalCount,
      });
    }
  const format = (value: number) => value.toLocaleString(i18n.language);

  return (
    <Card
      title={t('summary.title')}
      loading={files.isLoading}
      data-testid="app-files-summary"
      extra={
        <Link to="files">
          <Button type="primary" icon={<FileTextOutlined />} data-testid="app-files-link">
            {t('summary.open')}
          </Button>
        </Link>
      }
    >
      {list.length === 0 ? (
        <Empty description={t('summary.empty')} />
      ) : (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={8}>
              <Statistic
                title={t('summary.files', { count: list.length })}
                value={list.length}
                formatter={(v) => <span data-testid="app-files-summary-count">{format(Number(v))}</span>}
              />
            </Col>
            <Col span={8}>
              <Statistic
                title={t('summary.strings')}
                value={sum((file) => file.stringCount)}
                formatter={(v) => format(Number(v))}
              />
            </Col>
            <Col span={8}>
              <Statistic
                title={t('summary.words')}
                value={sum((file) => file.wordCount)}
                formatter={(v) => format(Number(v))}
              />
            </Col>
          </Row>
          <FileLanguageProgress
            languages={[...languages].map(([language, counts]) => ({ language, exportPath: '', ...counts }))}
          />
        </>
      )}
    </Card>
  );
}
