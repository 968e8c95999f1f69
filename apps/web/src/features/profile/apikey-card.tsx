import { Alert, Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRegenerateApikey } from '../users/api/users-queries';

/**
 * The caller's API key. The server keeps only its hash: the profile carries the key's visible
 * prefix, and the full key is shown here once, right after it is generated.
 */
export function ApikeyCard({ apikey }: { apikey: string | null }) {
  const { t } = useTranslation('profile');
  const regenerate = useRegenerateApikey();
  const created = regenerate.data?.apikey ?? null;
  return (
    <Card title={t('apikey')} data-testid="profile-apikey">
      <Typography.Paragraph type="secondary">{t('apikeyHelp')}</Typography.Paragraph>
      {created ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('apikeyShownOnce')} />
          <Typography.Text
            code
            copyable={{ text: created, tooltips: [t('copy'), t('copied')] }}
            data-testid="profile-apikey-value"
          >
            {created}
          </Typography.Text>
        </Flex>
      ) : apikey ? (
        <Flex gap={12} align="center" wrap>
          <Typography.Text code data-testid="profile-apikey-value">
            {t('apikeyMasked', { prefix: apikey })}
          </Typography.Text>
          <Popconfirm title={t('regenerateConfirm')} onConfirm={() => regenerate.mutateAsync()}>
            <Button loading={regenerate.isPending} data-testid="profile-apikey-regenerate">
              {t('regenerate')}
            </Button>
          </Popconfirm>
        </Flex>
      ) : (
        <Flex gap={12} align="center" wrap>
          <Typography.Text type="secondary">{t('apikeyNone')}</Typography.Text>
          <Button
            type="primary"
            loading={regenerate.isPending}
            onClick={() => void regenerate.mutateAsync().catch(() => undefined)}
            data-testid="profile-apikey-generate"
          >
            {t('generate')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
