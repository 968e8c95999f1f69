import { memo, useMemo } from 'react';
import { WarningOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { translationIssues, type QaIssue } from '@bhasha/engine/browser';
import { useTranslation } from 'react-i18next';

interface TranslationIssuesTagProps {
  source: string;
  translation: string;
  targetLang: string;
  /** The string's length limit, when its file gives one. */
  maxLength?: number | null;
}

// Problems of a single form: the form is named after the reason. Category problems name it themselves.
const FORM_CODES: ReadonlySet<QaIssue['code']> = new Set([
  'MISSING_PLACEHOLDER',
  'EXTRA_PLACEHOLDER',
  'DUPLICATE_PLACEHOLDER',
  'BROKEN_PLACEHOLDER',
  'MISNESTED_PLACEHOLDER',
  'TOO_LONG',
]);

/**
 * A warning beside a translation that drops, adds or breaks a placeholder, misses or adds a
 * plural form, or passes the string's length limit; the reasons are its tooltip and its label.
 * The check is the engine's own (`translationIssues`), run here as the translator types.
 */
export const TranslationIssuesTag = memo(function TranslationIssuesTag({
  source,
  translation,
  targetLang,
  maxLength,
}: TranslationIssuesTagProps) {
  const { t } = useTranslation('workspace');
  const issues = useMemo(
    () => translationIssues({ source, translation, targetLanguage: targetLang, maxLength }),
    [source, translation, targetLang, maxLength],
  );
  if (issues.length === 0) return null;
  const reasons = issues.map((issue) => {
    const message = t(`qa.codes.${issue.code}`, {
      marker: issue.marker ?? '',
      category: issue.category ?? '',
      limit: issue.limit ?? 0,
      length: issue.length ?? 0,
    });
    return issue.category && FORM_CODES.has(issue.code)
      ? t('qa.inForm', { message, category: issue.category })
      : message;
  });
  return (
    <Tooltip
      title={
        <ul className="workspace-qa-reasons">
          {reasons.map((reason, index) => (
            <li key={index}>{reason}</li>
          ))}
        </ul>
      }
    >
      <Tag
        color="warning"
        icon={<WarningOutlined />}
        data-testid="qa-warning"
        aria-label={reasons.join('. ')}
        onClick={(event) => event.stopPropagation()}
      >
        {t('qa.tag', { count: issues.length })}
      </Tag>
    </Tooltip>
  );
});
