import { Button, Result } from 'antd';
import { i18n } from '../i18n/i18n';

/** The page shown when rendering threw: what happened, and a button that reloads. */
export function AppErrorPage() {
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
