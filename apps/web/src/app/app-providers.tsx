import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { createAppQueryClient } from '../lib/query/query-client';
import { ANTD_THEME } from '../theme/antd-theme';
import { ToastBinder } from './toast-binder';

/** Everything the screens rely on: i18n, the query cache, the antd theme and message API. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider theme={ANTD_THEME} locale={enGB}>
          <AntdApp message={{ maxCount: 4, top: 24 }}>
            <ToastBinder />
            {children}
          </AntdApp>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
