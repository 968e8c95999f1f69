import { Skeleton, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTranslationCounts } from '../api/translation-queries';
import { TRANSLATION_TYPE_COLOURS } from '../lib/translation-colours';

type Bucket = 'machine' | 'self' | 'professional' | 'newContent' | 'untranslated';

const BUCKET_COLOURS: Readonly<Record<Bucket, string>> = {
  machine: TRANSLATION_TYPE_COLOURS.MACHINE,
  self: TRANSLATION_TYPE_COLOURS.USER,
  professional: TRANSLATION_TYPE_COLOURS.PBK,
  newContent: TRANSLATION_TYPE_COLOURS.NO_TRANSLATION_AVAILABLE,
  untranslated: '#d9d9d9',
};

/** One language's words by origin (machine / self / professional / new) from /translation/counts, as a stacked bar. */
export function LanguageProgress({ projectId, targetLang }: { projectId: string; targetLang: string }) {
  const { t, i18n } = useTranslation('workspace');
  const counts = useTranslationCounts(projectId, targetLang);
  if (counts.isLoading) return <Skeleton.Input active block size="small" />;
  if (!counts.data) return null;
  const data = counts.data;
  const untranslatedOld = Math.max(0, data.untranslated - data.newContentAvailable);
  const buckets: Array<{ key: Bucket; words: number }> = [
    { key: 'machine', words: data.machineTranslated },
    { key: 'self', words: data.humanVerified },
    { key: 'professional', words: data.professionalTranslated },
    { key: 'newContent', words: data.newContentAvailable },
    { key: 'untranslated', words: untranslatedOld },
  ];
  const total = Math.max(1, data.totalWC);
  const format = (value: number) => value.toLocaleString(i18n.language);
  const translated = data.machineTranslated + data.humanVerified + data.professionalTranslated;

  return (
    <div data-testid="language-progress">
      <div
        className="workspace-progress"
        role="img"
        aria-label={t('progress.label', { percent: Math.round((translated / total) * 100) })}
      >
        {buckets
          .filter((bucket) => bucket.words > 0)
          .map((bucket) => (
            <Tooltip key={bucket.key} title={`${t(`progress.${bucket.key}`)}: ${format(bucket.words)}`}>
              <div
                className="workspace-progress__part"
                style={{ width: `${(bucket.words / total) * 100}%`, background: BUCKET_COLOURS[bucket.key] }}
              />
            </Tooltip>
          ))}
      </div>
      <Space size="middle" wrap style={{ marginTop: 4 }}>
        {buckets.map((bucket) => (
          <Typography.Text
            key={bucket.key}
            type="secondary"
            style={{ fontSize: 12 }}
            data-testid={`progress-${bucket.key}`}
          >
            <span className="workspace-progress__dot" style={{ background: BUCKET_COLOURS[bucket.key] }} />
            {t(`progress.${bucket.key}`)} {format(bucket.words)}
          </Typography.Text>
        ))}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('progress.totalWords', { count: data.totalWC, formatted: format(data.totalWC) })}
        </Typography.Text>
      </Space>
    </div>
  );
}
