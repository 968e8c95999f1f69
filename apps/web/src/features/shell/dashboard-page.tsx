import { Card, Col, Row, Steps, Tag, Typography } from 'antd';
import { ROLES, ROLE_LABELS } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../auth/state/auth-context';
import { useOrganisationProgress } from '../organisations/api/organisations-queries';

/** /app: a welcome, the signed-in context, and the first steps; statistics arrive with the dashboard feature. */
export function DashboardPage() {
  const { t } = useTranslation('shell');
  const user = useSessionUser();
  const steps = t('dashboard.steps', { returnObjects: true });
  const isFree = user.role === ROLES.freeOrgAdmin;
  const progress = useOrganisationProgress().data;
  // The first step not yet done is the current one; all four done shows the last as finished.
  const done = progress
    ? [progress.hasProject, progress.hasContent, progress.hasTranslations, progress.hasVisits]
    : [];
  const firstOpen = done.findIndex((isDone) => !isDone);
  const current = progress ? (firstOpen === -1 ? steps.length : firstOpen) : 0;
  return (
    <div data-testid="dashboard-page">
      <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 4 }}>
        {t('dashboard.greeting', { name: user.name || user.email })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('dashboard.subtitle')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card variant="borderless" size="small" title={t('dashboard.role')}>
            <Typography.Text strong>{ROLE_LABELS[user.role]}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card variant="borderless" size="small" title={t('dashboard.plan')}>
            <Tag color={isFree ? 'orange' : 'geekblue'} variant="filled">
              {isFree ? t('dashboard.freePlan') : t('dashboard.paidPlan')}
            </Tag>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card variant="borderless" size="small" title={t('dashboard.organisation')}>
            <Typography.Text ellipsis data-testid="dashboard-organisation">
              {progress?.organisationName ?? '—'}
            </Typography.Text>
          </Card>
        </Col>
        <Col span={24}>
          <Card variant="borderless" title={t('dashboard.quickStart')}>
            <Steps
              orientation="vertical"
              current={current}
              data-testid="dashboard-steps"
              items={steps.map((step) => ({ title: step }))}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
