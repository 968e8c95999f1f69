import { ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Descriptions, Progress, Typography } from 'antd';
import type { CrawlInfo, Project } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useLastCrawl, useStartCrawl } from '../api/projects-queries';
import { useCrawlProgress } from '../hooks/use-crawl-progress';

/** Last crawl info (spec §4) with a progress bar that moves live over the project room. */
export function CrawlCard({ project }: { project: Project }) {
  const { t, i18n } = useTranslation('projects');
  const lastCrawl = useLastCrawl(project.id);
  const { progress, isLive } = useCrawlProgress(project.id);
  const startCrawl = useStartCrawl();
  const info: CrawlInfo | undefined = progress ?? lastCrawl.data;
  const isRunning = info?.status === 'ACTIVE' || (info?.status === 'INACTIVE' && info.crawlId !== null);
  const done = (info?.parsedUrls ?? 0) + (info?.pagesFailed ?? 0);
  const percent =
    info && info.pagesDiscovered > 0 ? Math.min(100, Math.round((done / info.pagesDiscovered) * 100)) : 0;
  const formatTime = (value: string | null | undefined) =>
    value ? new Date(value).toLocaleString(i18n.language) : '—';

  return (
    <Card
      title={t('overview.crawlTitle')}
      loading={lastCrawl.isLoading}
      data-testid="crawl-card"
      extra={
        <>
          {isLive && (
            <Badge
              status="processing"
              text={t('overview.live')}
              style={{ marginRight: 12 }}
              data-testid="crawl-live"
            />
          )}
          {project.type === 'website' && (
            <Button
              icon={<ReloadOutlined />}
              loading={startCrawl.isPending}
              disabled={isRunning}
              onClick={() => startCrawl.mutate({ projectId: project.id })}
            >
              {info?.crawlId ? t('overview.recrawl') : t('overview.crawl')}
            </Button>
          )}
        </>
      }
    >
      {info && (
        <>
          <Progress
            percent={info.status === 'COMPLETED' ? 100 : percent}
            status={
              info.status === 'FAILED'
                ? 'exception'
                : isRunning
                  ? 'active'
                  : info.status === 'COMPLETED'
                    ? 'success'
                    : 'normal'
            }
            data-testid="crawl-progress"
          />
          <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
            <Descriptions.Item label={t('columns.status')}>
              {t(`overview.crawlStatus.${info.status}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('overview.lastProcessedUrl')}>
              <Typography.Text style={{ wordBreak: 'break-all' }}>{info.lastProcessedUrl}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('overview.parsedUrls')}>
              <span data-testid="crawl-parsed-urls">{info.parsedUrls}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('overview.discovered')}>
              <span data-testid="crawl-discovered">{info.pagesDiscovered}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('overview.failed')}>{info.pagesFailed}</Descriptions.Item>
            <Descriptions.Item label={t('overview.startedAt')}>
              {formatTime(info.startedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('overview.finishedAt')}>
              {formatTime(info.finishedAt)}
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Card>
  );
}
