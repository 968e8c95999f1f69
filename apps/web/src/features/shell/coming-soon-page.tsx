import { Button, Card, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SECTION_DEFINITIONS, type ShellSection } from './shell-sections';

/** The empty state of a section that is not built yet: what it will do, and a way back. */
export function ComingSoonPage({ section }: { section: ShellSection | 'profile' }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const title = t(`sections.${section}`);
  const icon = section === 'profile' ? null : SECTION_DEFINITIONS[section].icon;
  return (
    <Card variant="borderless" data-testid={`coming-soon-${section}`}>
      <Empty
        style={{ padding: '48px 16px' }}
        image={<span className="shell-coming-soon__icon">{icon}</span>}
        styles={{ image: { height: 88 } }}
        description={
          <div style={{ maxWidth: 520, margin: '0 auto' }}>
            <Tag color="orange" variant="filled" style={{ marginBottom: 12 }}>
              {t('comingSoon.tag')}
            </Tag>
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              {t('comingSoon.title', { section: title })}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t(`descriptions.${section}`)}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('comingSoon.body')}</Typography.Paragraph>
          </div>
        }
      >
        <Button type="primary" onClick={() => void navigate('/app')}>
          {t('comingSoon.backToDashboard')}
        </Button>
      </Empty>
    </Card>
  );
}
