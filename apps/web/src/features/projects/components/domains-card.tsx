import { useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { ItemList } from '../../../components/item-list/item-list';
import { isValidWebsiteUrl, normaliseWebsiteUrl, type Project } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/api-result';
import {
  DomainVerificationTag,
  useDomainVerifications,
} from '../../settings/components/domain-verification-tag';
import { useDomainOwnership } from '../api/domain-ownership-api';
import { useAddDomain, useDeleteDomain } from '../api/projects-queries';
import { DomainOwnershipPanel, DomainOwnershipTag } from './domain-ownership';

/** The text of a failed domain call: its `status` field (spec §8), else the server's message. */
function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const body = error.body as { status?: unknown; message?: string };
  return typeof body.status === 'string' && body.status ? body.status : body.message || fallback;
}

/** The domains (origins) of a website project: add another, remove one that is not the main one. */
export function DomainsCard({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const [form] = Form.useForm<{ url: string }>();
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddDomain();
  const remove = useDeleteDomain();
  const canEdit = project.type === 'website';
  const verifications = useDomainVerifications(project.id);
  const levels = new Map((verifications.data ?? []).map((entry) => [entry.domainId, entry]));
  const ownershipQuery = useDomainOwnership(project.id);
  const ownerships = new Map((ownershipQuery.data?.domains ?? []).map((entry) => [entry.domainId, entry]));
  const [openOwnership, setOpenOwnership] = useState<string | null>(null);

  function handleAdd({ url }: { url: string }) {
    setFailure(null);
    add.mutate(
      { projectId: project.id, url: normaliseWebsiteUrl(url) },
      {
        onSuccess: () => form.resetFields(),
        onError: (error) => setFailure(failureText(error, t('domains.addFailed'))),
      },
    );
  }

  return (
    <Card title={t('domains.title')} data-testid="domains-card">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {failure && (
          <Alert
            type="error"
            showIcon
            closable
            onClose={() => setFailure(null)}
            title={failure}
            data-testid="domains-error"
          />
        )}
        <ItemList
          size="small"
          dataSource={project.domains}
          emptyText={t('domains.empty')}
          renderItem={(domain) => {
            const ownership = ownerships.get(domain.id);
            return (
              <ItemList.Item
                actions={
                  canEdit && !domain.isPrimary
                    ? [
                        <Popconfirm
                          key="delete"
                          title={t('domains.confirmDelete', { hostname: domain.hostname })}
                          okButtonProps={{ danger: true }}
                          onConfirm={() => {
                            setFailure(null);
                            return remove
                              .mutateAsync({ projectId: project.id, domainId: domain.id })
                              .catch((error: unknown) =>
                                setFailure(failureText(error, t('domains.deleteFailed'))),
                              );
                          }}
                        >
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={`${t('domains.delete')}: ${domain.hostname}`}
                            data-testid="domain-delete"
                          />
                        </Popconfirm>,
                      ]
                    : []
                }
              >
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Space wrap>
                    <Typography.Text>{domain.origin}</Typography.Text>
                    {domain.isPrimary && <Tag color="blue">{t('domains.primary')}</Tag>}
                    {!domain.active && <Tag>{t('domains.inactive')}</Tag>}
                    {verifications.isLoading ? (
                      <Skeleton.Button active size="small" />
                    ) : (
                      // Without an answer (the call failed) no level is claimed, not even "none".
                      verifications.isSuccess && (
                        <DomainVerificationTag
                          level={levels.get(domain.id)?.verificationLevel ?? 0}
                          checkedAt={levels.get(domain.id)?.checkedAt ?? null}
                        />
                      )
                    )}
                    {ownership && <DomainOwnershipTag ownership={ownership} />}
                    {ownership && canEdit && (
                      <Button
                        size="small"
                        type="link"
                        aria-expanded={openOwnership === domain.id}
                        onClick={() => setOpenOwnership(openOwnership === domain.id ? null : domain.id)}
                        data-testid="domain-ownership-toggle"
                      >
                        {openOwnership === domain.id ? t('ownership.hide') : t('ownership.show')}
                      </Button>
                    )}
                  </Space>
                  {ownership && openOwnership === domain.id && (
                    <div style={{ marginTop: 12 }}>
                      <DomainOwnershipPanel projectId={project.id} ownership={ownership} />
                    </div>
                  )}
                </div>
              </ItemList.Item>
            );
          }}
        />
        {canEdit && (
          <Form form={form} layout="inline" onFinish={handleAdd} data-testid="domain-add-form">
            <Form.Item
              name="url"
              style={{ flex: 1, minWidth: 220 }}
              rules={[
                {
                  validator: (_, value: string | undefined) =>
                    isValidWebsiteUrl(normaliseWebsiteUrl(value ?? ''))
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('wizard.urlRequired'))),
                },
              ]}
            >
              <Input
                placeholder="https://docs.example.in"
                inputMode="url"
                aria-label={t('domains.add')}
                data-testid="domain-add-url"
              />
            </Form.Item>
            <Form.Item style={{ marginInlineEnd: 0 }}>
              <Button
                htmlType="submit"
                icon={<PlusOutlined />}
                loading={add.isPending}
                data-testid="domain-add"
              >
                {t('domains.add')}
              </Button>
            </Form.Item>
          </Form>
        )}
      </Space>
    </Card>
  );
}
