import { Tag, Tooltip } from 'antd';
import { DISPLAY_TYPE_LABELS, type DisplayType } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { DISPLAY_TYPE_COLOURS } from '../lib/translation-colours';

interface DisplayTypeTagProps {
  displayType: DisplayType;
  /** When given, the tag is a button that switches between translation and transliteration. */
  onToggle?: () => void;
  isToggling?: boolean;
}

/** The display type of a target (Translated / Transliterated), optionally clickable to toggle it. */
export function DisplayTypeTag({ displayType, onToggle, isToggling = false }: DisplayTypeTagProps) {
  const { t } = useTranslation('workspace');
  const tag = (
    <Tag
      color={DISPLAY_TYPE_COLOURS[displayType]}
      data-testid="display-type-tag"
      style={{ marginInlineEnd: 0, cursor: onToggle ? 'pointer' : undefined, opacity: isToggling ? 0.5 : 1 }}
      {...(onToggle
        ? {
            role: 'button',
            tabIndex: -1,
            'aria-label': t('row.toggleDisplayType', { label: DISPLAY_TYPE_LABELS[displayType] }),
            onClick: (event: React.MouseEvent) => {
              event.stopPropagation();
              if (!isToggling) onToggle();
            },
          }
        : {})}
    >
      {t(`displayTags.${displayType}`)}
    </Tag>
  );
  return <Tooltip title={onToggle ? t('row.toggleHint') : DISPLAY_TYPE_LABELS[displayType]}>{tag}</Tooltip>;
}
