import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Rate, Select, Space, Table, Typography } from 'antd';
import { DOWNLOAD_NAMES, type Feedback } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFeedback } from '../api/translation-queries';
import { ReportPageTitle } from '../components/report-page-title';
import { useReportTable } from '../hooks/use-report-table';

const PAGE_SIZE = 20;

/** /app/workspace/:projectId/feedback — visitors' ratings and comments, with the feedbackReport CSV. */
export function FeedbackPage() {
  const { t, i18n } = useTranslation('workspace');
  const { projectId = '' } = useParams();
  const report = useReportTable(projectId, {
    pageSize: PAGE_SIZE,
    csv: { path: 'feedback/csv/get', fileName: DOWNLOAD_NAMES.feedbackReport },
  });
  const { project, languageName } = report;
  const list = useFeedback(projectId, report.query);

  return (
    <Card
      data-testid="feedback-page"
      title={<ReportPageTitle title={t('feedback.title')} projectName={project.data?.name} />}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={report.isDownloading}
          onClick={() => void report.download()}
        >
          {t('feedback.download')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Select {...report.languageSelect} />
        <Table<Feedback>
          data-testid="feedback-table"
          rowKey="id"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: t('feedback.empty') }}
          pagination={report.pagination(list.data?.totalRecords ?? 0)}
          columns={[
            {
              key: 'rating',
              title: t('feedback.rating'),
              render: (_, row) =>
                row.rating === null ? '—' : <Rate disabled value={row.rating} style={{ fontSize: 14 }} />,
            },
            { key: 'comment', title: t('feedback.comment'), render: (_, row) => row.comment || '—' },
            {
              key: 'language',
              title: t('suggestions.language'),
              render: (_, row) => languageName(row.targetLang),
            },
            {
              key: 'url',
              title: t('feedback.url'),
              render: (_, row) =>
                row.url ? (
                  <Typography.Text ellipsis style={{ maxWidth: 280 }} title={row.url}>
                    {row.url}
                  </Typography.Text>
                ) : (
                  '—'
                ),
            },
            { key: 'by', title: t('feedback.by'), render: (_, row) => row.createdBy ?? '—' },
            {
              key: 'created',
              title: t('suggestions.created'),
              render: (_, row) => new Date(row.createdAt).toLocaleString(i18n.language),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
