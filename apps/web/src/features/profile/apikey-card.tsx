import { Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRegenerateApikey } from '../users/api/users-queries';

/** The caller's API key: copy it, or regenerate it (the old key stops working). */
export function ApikeyCard({ apikey }: { apikey: string | null }) {
  const { t } = useTranslation('profile');
  const regenerate = useRegenerateApikey();
  return (
    <Card title={t('apikey')} data-testid="profile-apikey">
      <Typography.Paragraph type="secondary">{t('apikeyHelp')}</Typography.Paragraph>
      {apikey ? (
        <Flex gap={12} align="center" wrap>
          <Typography.Text
            code
            copyable={{ text: apikey, tooltips: [t('copy'), t('copied')] }}
            data-testid="profile-apikey-value"
          >
            {apikey}
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
