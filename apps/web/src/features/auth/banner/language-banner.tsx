import type { CSSProperties, ReactNode } from 'react';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/brand-logo';
import { BANNER_GREETINGS } from './banner-greetings';
import './language-banner.css';

interface LanguageBannerProps {
  /** `side`: the left column of the public pages; `full`: the /register page. */
  variant: 'side' | 'full';
  children?: ReactNode;
}

/** Deterministic pseudo-random in [0, 1) so the layout is stable between renders. */
function spread(index: number, salt: number): number {
  const x = Math.sin(index * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

const COLUMNS = 4;

/**
 * Greetings sit on a loose grid in a top and a bottom band, so they never crowd each other or
 * sit behind the copy; a little jitter keeps the grid from showing.
 */
function greetingStyle(index: number): CSSProperties {
  const band = index % 2;
  const slot = Math.floor(index / 2);
  const column = slot % COLUMNS;
  const row = Math.floor(slot / COLUMNS);
  return {
    left: `${2 + column * 24 + spread(index, 1) * 8}%`,
    top: `${(band === 0 ? 12 : 66) + row * 6 + spread(index, 2) * 2}%`,
    fontSize: `${15 + Math.round(spread(index, 3) * 15)}px`,
    animationDuration: `${28 + Math.round(spread(index, 4) * 24)}s`,
    animationDelay: `-${Math.round(spread(index, 5) * 30)}s`,
    ['--drift-x' as string]: `${Math.round((spread(index, 6) - 0.5) * 120)}px`,
    ['--drift-y' as string]: `${Math.round((spread(index, 7) - 0.5) * 60)}px`,
    ['--peak-opacity' as string]: (0.12 + spread(index, 8) * 0.16).toFixed(2),
  };
}

/** The banner of spec §1/§2: the product promise over greetings drifting in many scripts. */
export function LanguageBanner({ variant, children }: LanguageBannerProps) {
  const { t } = useTranslation('auth');
  const points = t('banner.points', { returnObjects: true });
  return (
    <section className={`language-banner language-banner--${variant}`} data-testid="language-banner">
      <div className="language-banner__greetings" aria-hidden="true">
        {BANNER_GREETINGS.map((greeting, index) => (
          <span
            key={greeting.text}
            lang={greeting.lang}
            className="language-banner__greeting"
            style={greetingStyle(index)}
          >
            {greeting.text}
          </span>
        ))}
      </div>
      <div className="language-banner__glow" aria-hidden="true" />
      <div className="language-banner__content">
        <BrandLogo size={40} tone="light" />
        <div className="language-banner__copy">
          <h1 className="language-banner__headline">{t('banner.headline')}</h1>
          <ul className="language-banner__points">
            {points.map((point) => (
              <li key={point}>
                <CheckCircleFilled className="language-banner__check" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
          {children}
        </div>
        <div className="language-banner__footer">
          <span className="language-banner__channels">{t('banner.channels')}</span>
          <span>{t('banner.trust')}</span>
        </div>
      </div>
    </section>
  );
}
