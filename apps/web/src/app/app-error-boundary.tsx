import { Component, lazy, Suspense, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

/** The same words and button without antd, for when the error page itself cannot be loaded. */
function PlainErrorPage() {
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h1>{i18n.t('common:errors.generic')}</h1>
      <p>{i18n.t('common:errors.pageCrashed')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {i18n.t('common:actions.reload')}
      </button>
    </div>
  );
}

// antd's Result brings its status illustrations: it loads when a page has crashed, not with
// every first screen.
const AppErrorPage = lazy(() =>
  import('./app-error-page').then(
    (module) => ({ default: module.AppErrorPage }),
    () => ({ default: PlainErrorPage }),
  ),
);

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
      <Suspense fallback={null}>
        <AppErrorPage />
      </Suspense>
    );
  }
}
