import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

interface AuthCardProps {
  title?: ReactNode;
  subtitle?: ReactNode;
  wide?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

/** The card every public form sits in. */
export function AuthCard({ title, subtitle, wide = false, children, footer, testId }: AuthCardProps) {
  return (
    <Card className={`auth-card${wide ? ' auth-card--wide' : ''}`} variant="borderless" data-testid={testId}>
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
    </Card>
  );
}
