import { Alert, Button, Card, Col, Row, Statistic, Typography } from 'antd';
import type { AppFileUploadResult } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';

interface UploadResultCardProps {
  result: AppFileUploadResult;
  /** The heading: a first upload or a new version of a named file. */
  title: string;
  onDismiss: () => void;
}

/** What an upload or a new version did to the project's strings, with the reader's warnings. */
export function UploadResultCard({ result, title, onDismiss }: UploadResultCardProps) {
  const { t, i18n } = useTranslation('appFiles');
  const figures = [
    { key: 'added', value: result.added },
    { key: 'changed', value: result.changed },
    { key: 'unchanged', value: result.unchanged },
    { key: 'removed', value: result.removed },
    { key: 'newWords', value: result.newWordCount },
    { key: 'imported', value: result.importedTranslations },
  ] as const;
  return (
    <Card
      size="small"
      title={title}
      data-testid="upload-result"
      extra={
        <Button type="link" size="small" onClick={onDismiss}>
          {t('result.dismiss')}
        </Button>
      }
    >
      <Row gutter={[16, 8]}>
        {figures.map(({ key, value }) => (
          <Col key={key} xs={12} md={4}>
            <Statistic
              title={t(`result.${key}`)}
              value={value}
              formatter={(v) => (
                <span data-testid={`upload-result-${key}`}>{Number(v).toLocaleString(i18n.language)}</span>
              )}
            />
          </Col>
        ))}
      </Row>
      {result.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={t('result.warnings')}
          data-testid="upload-result-warnings"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {result.warnings.map((warning, index) => (
                <li key={index}>
                  <Typography.Text>{warning}</Typography.Text>
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Card>
  );
}
