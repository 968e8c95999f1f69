import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Characters of a translation against the string's length limit; red past it. Counted in UTF-16
 * units, as Android's `maxLength` (a TextView's LengthFilter) counts them.
 */
export function LengthCounter({ text, maxLength }: { text: string; maxLength: number }) {
  const { t } = useTranslation('appFiles');
  const over = text.length - maxLength;
  return (
    <Typography.Text
      type={over > 0 ? 'danger' : 'secondary'}
      style={{ fontSize: 12, display: 'block' }}
      data-testid="length-counter"
      data-over-limit={over > 0 ? 'true' : 'false'}
      aria-live="polite"
    >
      {t('context.length', { length: text.length, max: maxLength })}
      {over > 0 && ` · ${t('context.tooLong', { over })}`}
    </Typography.Text>
  );
}
