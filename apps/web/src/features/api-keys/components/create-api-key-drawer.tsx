import { useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Flex, Form, Input, Select, Typography } from 'antd';
import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPE_VALUES, type ApiKeyScope } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useProjectList } from '../../projects/api/projects-queries';
import { useCreateApiKey } from '../api/api-keys-queries';

const EXPIRY_DAYS = [30, 60, 90, 365] as const;
const NEVER = 'never';

interface FormValues {
  name: string;
  scopes: ApiKeyScope[];
  projectId?: string;
  expiry: (typeof EXPIRY_DAYS)[number] | typeof NEVER;
}

/** Creates a key, then shows its secret once with a copy button and a warning. */
export function CreateApiKeyDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('apiKeys');
  const [form] = Form.useForm<FormValues>();
  const create = useCreateApiKey();
  const projects = useProjectList({ pageNumber: 1, pageSize: 100 });
  const [secret, setSecret] = useState<string | null>(null);

  const handleClose = () => {
    setSecret(null);
    form.resetFields();
    onClose();
  };

  const handleFinish = async (values: FormValues) => {
    const expiresAt =
      values.expiry === NEVER
        ? null
        : new Date(Date.now() + values.expiry * 24 * 60 * 60 * 1000).toISOString();
    const created = await create.mutateAsync({
      name: values.name,
      scopes: values.scopes,
      projectId: values.projectId ?? null,
      expiresAt,
    });
    setSecret(created.secret);
  };

  const projectOptions = [
    { value: '', label: t('allProjects') },
    ...(projects.data?.projectList ?? []).map((project) => ({ value: project.id, label: project.name })),
  ];

  return (
    <Drawer
      open={open}
      onClose={handleClose}
      title={secret ? t('secret.title') : t('form.title')}
      size="large"
      destroyOnHidden
      maskClosable={!secret}
      data-testid="api-key-drawer"
      extra={
        secret ? (
          <Button type="primary" onClick={handleClose} data-testid="api-key-secret-done">
            {t('secret.done')}
          </Button>
        ) : (
          <Flex gap={8}>
            <Button onClick={handleClose}>{t('form.cancel')}</Button>
            <Button
              type="primary"
              loading={create.isPending}
              onClick={() => form.submit()}
              data-testid="api-key-submit"
            >
              {t('form.submit')}
            </Button>
          </Flex>
        )
      }
    >
      {secret ? (
        <Flex vertical gap={16}>
          <Alert type="warning" showIcon title={t('secret.warning')} />
          <Typography.Paragraph
            code
            copyable={{ text: secret, tooltips: [t('secret.copy'), t('secret.copied')] }}
            style={{ wordBreak: 'break-all', fontSize: 16 }}
            data-testid="api-key-secret"
          >
            {secret}
          </Typography.Paragraph>
        </Flex>
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ scopes: ['read'], expiry: 90, projectId: '' }}
          onFinish={(values) =>
            void handleFinish({ ...values, projectId: values.projectId || undefined }).catch(() => undefined)
          }
          requiredMark
        >
          <Form.Item name="name" label={t('form.name')} rules={[{ required: true, whitespace: true }]}>
            <Input
              placeholder={t('form.namePlaceholder')}
              maxLength={API_KEY_NAME_MAX_LENGTH}
              data-testid="api-key-name"
            />
          </Form.Item>
          <Form.Item
            name="scopes"
            label={t('form.scopes')}
            rules={[{ required: true, type: 'array', min: 1 }]}
          >
            <Checkbox.Group data-testid="api-key-scopes">
              <Flex vertical gap={4}>
                {API_KEY_SCOPE_VALUES.map((scope) => (
                  <Checkbox key={scope} value={scope} data-testid={`api-key-scope-${scope}`}>
                    {t(`scopes.${scope}`)}{' '}
                    <Typography.Text type="secondary">{t(`scopes.${scope}Hint`)}</Typography.Text>
                  </Checkbox>
                ))}
              </Flex>
            </Checkbox.Group>
          </Form.Item>
          <Form.Item name="projectId" label={t('form.project')} extra={t('form.projectHint')}>
            <Select options={projectOptions} loading={projects.isLoading} data-testid="api-key-project" />
          </Form.Item>
          <Form.Item name="expiry" label={t('form.expiry')}>
            <Select
              data-testid="api-key-expiry"
              options={[
                ...EXPIRY_DAYS.map((days) => ({ value: days, label: t('form.expiryDays', { count: days }) })),
                { value: NEVER, label: t('never') },
              ]}
            />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
