import { memo } from 'react';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formsOf, missingCategories, targetFormsOf } from '../lib/plural-forms';
import { SegmentText } from './segment-text';

interface PluralTextProps {
  text: string;
  /** Given for a translation: its forms are shown as the target language's categories, gaps marked. */
  targetLang?: string;
}

/**
 * A plural (an ICU plural message) as its forms, one line per category. A translation shows
 * every category of the target language and is marked incomplete when one has no form; one
 * that is not a plural message at all is shown as it is (the QA warning says why).
 */
export const PluralText = memo(function PluralText({ text, targetLang }: PluralTextProps) {
  const { t } = useTranslation('workspace');
  const forms = targetLang === undefined ? formsOf(text) : targetFormsOf(text, targetLang);
  if (!forms) return <SegmentText text={text} />;
  const missing = targetLang === undefined ? [] : missingCategories(text, targetLang);
  return (
    <div className="workspace-plural" data-testid="plural-forms" aria-label={t('plural.label')}>
      {forms.map((form) => (
        <div key={form.category} className="workspace-plural-form" data-category={form.category}>
          <span className="workspace-plural-category">{t(`plural.categories.${form.category}`)}</span>
          {form.text ? (
            <SegmentText text={form.text} />
          ) : (
            <Typography.Text type="secondary" italic>
              {t('plural.missingForm')}
            </Typography.Text>
          )}
        </div>
      ))}
      {missing.length > 0 && missing.length < forms.length && (
        <Tooltip
          title={t('plural.incompleteHint', {
            categories: missing.map((category) => t(`plural.categories.${category}`)).join(', '),
          })}
        >
          <Tag color="orange" data-testid="plural-incomplete">
            {t('plural.incomplete')}
          </Tag>
        </Tooltip>
      )}
    </div>
  );
});
