import {
  MIN_AGE_YEARS,
  OPT_OUT_BUSINESS_DAYS,
  POLICY_RETENTION_YEARS,
  SUPPORT_REPLY_HOURS,
} from '@bhasha/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const POLICY_VALUES = {
  retentionYears: POLICY_RETENTION_YEARS,
  optOutDays: OPT_OUT_BUSINESS_DAYS,
  minAge: MIN_AGE_YEARS,
  replyHours: SUPPORT_REPLY_HOURS,
};

interface Section {
  title: string;
  paragraphs?: readonly string[];
  bullets?: readonly string[];
}

/** The policy text shared by /privacy-policy and the Terms & Conditions modal. */
export function PrivacyPolicyContent({ headingLevel = 2 }: { headingLevel?: 1 | 2 | 3 }) {
  const { t } = useTranslation('policy');
  const sections = t('sections', { returnObjects: true, ...POLICY_VALUES }) as readonly Section[];
  const sectionLevel = Math.min(headingLevel + 2, 5) as 3 | 4 | 5;
  return (
    <Typography data-testid="privacy-policy-text">
      <Typography.Title level={headingLevel}>{t('title')}</Typography.Title>
      <Typography.Text type="secondary">{t('updated')}</Typography.Text>
      <Typography.Paragraph style={{ marginTop: 16 }}>{t('intro')}</Typography.Paragraph>
      {sections.map((section) => (
        <section key={section.title}>
          <Typography.Title level={sectionLevel}>{section.title}</Typography.Title>
          {section.paragraphs?.map((paragraph) => (
            <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
          ))}
          {section.bullets ? (
            <ul>
              {section.bullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </Typography>
  );
}
