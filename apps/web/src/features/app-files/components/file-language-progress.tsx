import { Progress, Space, Tooltip, Typography } from 'antd';
import type { AppFile } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../projects/lib/language-options';

/**
 * One bar per target language: the translated share in the main colour, the share awaiting review
 * (its source changed since) drawn as the part not yet "successful".
 */
export function FileLanguageProgress({ languages }: { languages: AppFile['languages'] }) {
  const { t } = useTranslation('appFiles');
  if (languages.length === 0)
    return <Typography.Text type="secondary">{t('progress.noLanguages')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={2} style={{ width: '100%', minWidth: 220 }}>
      {languages.map((entry) => {
        const percentOf = (count: number) =>
          entry.totalCount > 0 ? Math.round((count / entry.totalCount) * 100) : 0;
        const translated = percentOf(entry.translatedCount);
        // Strings to review are translated too; the bar's success part is what needs nothing more.
        const settled = percentOf(Math.max(0, entry.translatedCount - entry.reviewCount));
        return (
          <div key={entry.language} data-testid={`file-progress-${entry.language}`}>
            <Space size={8} style={{ width: '100%', justifyContent: 'space-between' }}>
              <Typography.Text>{languageName(entry.language)}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('progress.counts', { translated: entry.translatedCount, total: entry.totalCount })}
                {entry.reviewCount > 0 && (
                  <Typography.Text type="warning" style={{ fontSize: 12, marginInlineStart: 8 }}>
                    {t('progress.review', { count: entry.reviewCount })}
                  </Typography.Text>
                )}
              </Typography.Text>
            </Space>
            <Tooltip title={entry.exportPath}>
              <Progress
                percent={translated}
                success={{ percent: settled }}
                size="small"
                aria-label={languageName(entry.language)}
              />
            </Tooltip>
          </div>
        );
      })}
    </Space>
  );
}
