import { Component, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { i18n } from '../i18n/i18n';

interface State {
  hasError: boolean;
}

/** Shows a friendly page instead of a blank screen when rendering throws. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <Result
        status="error"
        title={i18n.t('common:errors.generic')}
        subTitle={i18n.t('common:errors.pageCrashed')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {i18n.t('common:actions.reload')}
          </Button>
        }
      />
    );
  }
}
