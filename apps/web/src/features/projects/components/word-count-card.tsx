import { Card, Col, Empty, Row, Statistic, Typography, theme } from 'antd';
import { LANGUAGES, isLanguageCode } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useProjectStats } from '../api/projects-queries';

/** Word counts of spec §3 and, per target language, what is left to translate. */
export function WordCountCard({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation('projects');
  const stats = useProjectStats(projectId);
  const { token } = theme.useToken();
  const data = (stats.data?.languages ?? []).map((entry) => ({
    language: isLanguageCode(entry.language) ? LANGUAGES[entry.language] : entry.language,
    code: entry.language,
    toTranslate: Math.max(0, entry.sourceWordCount - entry.translatedWordCount),
    translated: entry.translatedWordCount,
  }));
  const format = (value: number) => value.toLocaleString(i18n.language);

  return (
    <Card title={t('overview.wordCounts')} loading={stats.isLoading} data-testid="word-count-card">
      <Row gutter={16}>
        <Col span={6}>
          <Statistic
            title={t('overview.sourceWordCount')}
            value={stats.data?.sourceWordCount ?? 0}
            formatter={(v) => <span data-testid="word-count-source">{format(Number(v))}</span>}
          />
        </Col>
        <Col span={6}>
          <Statistic
            title={t('overview.uniqueWordCount')}
            value={stats.data?.uniqueWordCount ?? 0}
            formatter={(v) => <span data-testid="word-count-unique">{format(Number(v))}</span>}
          />
        </Col>
        <Col span={6}>
          <Statistic
            title={t('overview.newContentWordCount')}
            value={stats.data?.newContentWordCount ?? 0}
            formatter={(v) => <span data-testid="word-count-new">{format(Number(v))}</span>}
          />
        </Col>
        <Col span={6}>
          <Statistic
            title={t('overview.urls')}
            value={stats.data?.inScopeUrls ?? 0}
            formatter={(v) => format(Number(v))}
          />
        </Col>
      </Row>
      {data.length > 0 && (stats.data?.sourceWordCount ?? 0) === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('overview.noWordsYet')}
          style={{ marginTop: 24 }}
        />
      )}
      {data.length > 0 && (stats.data?.sourceWordCount ?? 0) > 0 && (
        <>
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 24 }}>
            {t('overview.perLanguage')}
          </Typography.Text>
          <div
            style={{ height: 260, marginTop: 8, overflow: 'hidden' }}
            aria-label={t('overview.perLanguage')}
            role="img"
          >
            <ResponsiveContainer>
              <BarChart data={data} margin={{ left: 8, right: 8 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="language" />
                <YAxis tickFormatter={(v: number) => format(v)} />
                <Tooltip formatter={(v) => format(Number(v))} />
                <Legend />
                <Bar
                  dataKey="toTranslate"
                  name={t('overview.toTranslate')}
                  stackId="words"
                  fill={token.colorPrimary}
                  maxBarSize={72}
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="translated"
                  name={t('overview.translated')}
                  stackId="words"
                  fill={token.colorSuccess}
                  maxBarSize={72}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </>
      )}
    </Card>
  );
}
