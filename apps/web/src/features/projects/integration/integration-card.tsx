import { App, Button, Card, Space, Typography } from 'antd';
import { snippetTagOf } from '@bhasha/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_BASE_URL } from '../../../lib/api/api-base-url';
import { integrationApi } from './integration-api';

/** The origin the snippet is served from: the API's, which may differ from the dashboard's. */
function serverOrigin(): string {
  return new URL(API_BASE_URL, window.location.href).origin;
}

/**
 * The one script tag a customer pastes into their site (with a copy button), and the cache clear
 * for when they want visitors to see edits at once. Mount it on a website project's page.
 */
export function IntegrationCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation('integration');
  const { message } = App.useApp();
  const tag = snippetTagOf(serverOrigin(), projectId);
  const clearCache = useMutation({
    mutationFn: () => integrationApi.clearCache(projectId),
    onSuccess: (result) => {
      // Failures are shown by the API client's toast; success shows the server's own words.
      if (result.success) void message.success(result.message);
    },
  });

  return (
    <Card title={t('title')} data-testid="integration-card">
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      <Typography.Paragraph
        code
        copyable={{ text: tag, tooltips: [t('copy'), t('copied')] }}
        data-testid="integration-snippet-tag"
        style={{ wordBreak: 'break-all' }}
      >
        {tag}
      </Typography.Paragraph>
      <Space>
        <Button
          onClick={() => clearCache.mutate()}
          loading={clearCache.isPending}
          data-testid="integration-clear-cache"
        >
          {t('clearCache')}
        </Button>
        <Typography.Text type="secondary">{t('clearCacheHint')}</Typography.Text>
      </Space>
    </Card>
  );
}
