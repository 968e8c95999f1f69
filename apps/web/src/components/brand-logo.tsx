import { useTranslation } from 'react-i18next';
import markUrl from '../assets/bhasha-mark.svg';

interface BrandLogoProps {
  /** Height of the mark in px. */
  size?: number;
  /** Colour of the wordmark; the mark keeps its own colours. */
  tone?: 'dark' | 'light';
  showWordmark?: boolean;
}

/** The Bhasha mark (two speech bubbles) with the wordmark beside it. */
export function BrandLogo({ size = 36, tone = 'dark', showWordmark = true }: BrandLogoProps) {
  const { t } = useTranslation('common');
  return (
    <span className={`brand-logo brand-logo--${tone}`} style={{ gap: size / 3 }}>
      <img src={markUrl} width={size} height={size} alt={showWordmark ? '' : t('appName')} />
      {showWordmark ? (
        <span className="brand-logo__wordmark" style={{ fontSize: size * 0.62 }}>
          {t('appName')}
        </span>
      ) : null}
    </span>
  );
}
