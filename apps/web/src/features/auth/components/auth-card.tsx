import type { CSSProperties, ReactNode } from 'react';
import { theme, Typography } from 'antd';
import { ANTD_THEME } from '../../../theme/antd-theme';

interface AuthCardProps {
  title?: ReactNode;
  subtitle?: ReactNode;
  wide?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

/**
 * The look of a borderless antd Card (its background, radius, shadow and body padding, from the
 * theme's tokens) without the Card component: Card imports Tabs, Dropdown, Menu and Skeleton,
 * which would all load with the sign-in page.
 */
function useCardStyle(): CSSProperties {
  const { token } = theme.useToken();
  return {
    position: 'relative',
    boxSizing: 'border-box',
    background: token.colorBgContainer,
    borderRadius: ANTD_THEME.components?.Card?.borderRadiusLG ?? token.borderRadiusLG,
    boxShadow: token.boxShadowTertiary,
    padding: token.paddingLG,
    color: token.colorText,
    fontFamily: token.fontFamily,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
  };
}

/** The card every public form sits in. */
export function AuthCard({ title, subtitle, wide = false, children, footer, testId }: AuthCardProps) {
  const style = useCardStyle();
  return (
    <div className={`auth-card${wide ? ' auth-card--wide' : ''}`} style={style} data-testid={testId}>
      {title ? (
        <Typography.Title level={2} className="auth-card__title">
          {title}
        </Typography.Title>
      ) : null}
      {subtitle ? (
        <Typography.Text type="secondary" className="auth-card__subtitle">
          {subtitle}
        </Typography.Text>
      ) : null}
      {children}
      {footer ? <div className="auth-card__footer">{footer}</div> : null}
    </div>
  );
}
