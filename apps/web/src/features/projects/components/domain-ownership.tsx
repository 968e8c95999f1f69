import { useState } from 'react';
import { Alert, Button, Descriptions, Space, Tag, Typography } from 'antd';
import type { DomainOwnership } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useVerifyDomainOwnership } from '../api/domain-ownership-api';

const STATUS_COLOURS = { verified: 'green', pending: 'orange', taken: 'red' } as const;

/** A domain's ownership status for the translating proxy, as a tag. */
export function DomainOwnershipTag({ ownership }: { ownership: DomainOwnership }) {
  const { t } = useTranslation('projects');
  return (
    <Tag
      color={STATUS_COLOURS[ownership.status]}
      data-testid="domain-ownership-status"
      data-status={ownership.status}
    >
      {t(`ownership.status.${ownership.status}`)}
    </Tag>
  );
}

/**
 * How to prove control of a domain (a DNS TXT record or a file under /.well-known/, ADR 0028) and
 * the Verify button; the proxy serves the domain only once it is verified. Previews need none of it.
 */
export function DomainOwnershipPanel({
  projectId,
  ownership,
}: {
  projectId: string;
  ownership: DomainOwnership;
}) {
  const { t, i18n } = useTranslation('projects');
  const verify = useVerifyDomainOwnership(projectId);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function handleVerify() {
    setResult(null);
    const answer = await verify.mutateAsync(ownership.domainId);
    setResult(
      answer.success
        ? { ok: answer.data.domain.status === 'verified', message: answer.message }
        : { ok: false, message: answer.message || t('ownership.failed') },
    );
  }

  const copyable = (text: string) => (
    <Typography.Text code copyable={{ text }}>
      {text}
    </Typography.Text>
  );

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }} data-testid="domain-ownership-panel">
      {ownership.status === 'verified' ? (
        <Typography.Text type="secondary">
          {t('ownership.verifiedSince', {
            time: ownership.verifiedAt ? new Date(ownership.verifiedAt).toLocaleString(i18n.language) : '',
            method: t(`ownership.method.${ownership.method ?? 'dns'}`),
          })}
        </Typography.Text>
      ) : (
        <Typography.Text>{t('ownership.intro')}</Typography.Text>
      )}
      {ownership.status === 'taken' && <Alert type="error" showIcon title={t('ownership.takenHelp')} />}
      {ownership.status !== 'verified' && (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            title={t('ownership.dnsTitle')}
            items={[
              { key: 'type', label: t('ownership.recordType'), children: 'TXT' },
              { key: 'name', label: t('ownership.recordName'), children: copyable(ownership.recordName) },
              { key: 'value', label: t('ownership.recordValue'), children: copyable(ownership.recordValue) },
            ]}
          />
          <Descriptions
            size="small"
            column={1}
            bordered
            title={t('ownership.fileTitle')}
            items={[
              { key: 'url', label: t('ownership.fileUrl'), children: copyable(ownership.fileUrl) },
              {
                key: 'content',
                label: t('ownership.fileContent'),
                children: copyable(ownership.recordValue),
              },
            ]}
          />
          <Typography.Text type="secondary">{t('ownership.previewsNote')}</Typography.Text>
        </>
      )}
      {ownership.lastError && ownership.status !== 'taken' && (
        <Typography.Text type="secondary" data-testid="domain-ownership-error">
          {t('ownership.lastError', { error: ownership.lastError })}
        </Typography.Text>
      )}
      {result && (
        <Alert
          type={result.ok ? 'success' : 'warning'}
          showIcon
          closable
          onClose={() => setResult(null)}
          title={result.message}
          data-testid="domain-ownership-result"
        />
      )}
      <Button
        type={ownership.status === 'verified' ? 'default' : 'primary'}
        onClick={() => void handleVerify()}
        loading={verify.isPending}
        data-testid="domain-ownership-verify"
      >
        {ownership.status === 'verified' ? t('ownership.checkAgain') : t('ownership.verify')}
      </Button>
    </Space>
  );
}
