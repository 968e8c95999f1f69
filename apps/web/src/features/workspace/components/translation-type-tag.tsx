import { Tag, Tooltip } from 'antd';
import { FILTER_LABELS, type TranslationType } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { TRANSLATION_TYPE_COLOURS } from '../lib/translation-colours';

/** A short coloured tag for a segment's origin; the spec's filter label is the tooltip. */
export function TranslationTypeTag({ type }: { type: TranslationType }) {
  const { t } = useTranslation('workspace');
  return (
    <Tooltip title={FILTER_LABELS[type]}>
      <Tag
        color={TRANSLATION_TYPE_COLOURS[type]}
        data-testid="translation-type-tag"
        style={{ marginInlineEnd: 0 }}
      >
        {t(`typeTags.${type}`)}
      </Tag>
    </Tooltip>
  );
}
