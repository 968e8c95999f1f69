import { Alert, Checkbox, Form, Input, Modal, Typography } from 'antd';
import type { WebhookCreateRequest } from '@bhasha/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateWebhook } from '../api/webhooks-queries';

interface FormValues {
  url: string;
  description?: string;
  events: WebhookCreateRequest['events'];
}

/** Registers an endpoint, then shows its signing secret once (it cannot be read again). */
export function WebhookCreateModal({
  open,
  events,
  onClose,
}: {
  open: boolean;
  events: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const [form] = Form.useForm<FormValues>();
  const create = useCreateWebhook();
  const [secret, setSecret] = useState<string | null>(null);

  const handleClose = () => {
    form.resetFields();
    setSecret(null);
    onClose();
  };
  const handleSubmit = async () => {
    const values = await form.validateFields();
    const created = await create.mutateAsync({
      url: values.url.trim(),
      events: values.events,
      ...(values.description ? { description: values.description } : {}),
    });
    setSecret(created.secret);
  };

  if (secret)
    return (
      <Modal
        open={open}
        title={t('secret.title')}
        onOk={handleClose}
        onCancel={handleClose}
        okText={t('secret.done')}
        cancelButtonProps={{ style: { display: 'none' } }}
        data-testid="webhook-secret-modal"
      >
        <Alert type="warning" showIcon title={t('secret.once')} />
        <Typography.Paragraph style={{ marginTop: 16 }}>
          <Typography.Text code copyable={{ text: secret }} data-testid="webhook-secret">
            {secret}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('secret.howToVerify')}</Typography.Paragraph>
      </Modal>
    );

  return (
    <Modal
      open={open}
      title={t('create.title')}
      okText={t('create.submit')}
      cancelText={t('create.cancel')}
      confirmLoading={create.isPending}
      onOk={() => void handleSubmit()}
      onCancel={handleClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ events: [] }} data-testid="webhook-form">
        <Form.Item
          name="url"
          label={t('create.url')}
          extra={t('create.urlHelp')}
          rules={[{ required: true, type: 'url', message: t('create.urlRequired') }]}
        >
          <Input placeholder="https://example.com/hooks/bhasha" />
        </Form.Item>
        <Form.Item name="description" label={t('create.description')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('create.events')}
          rules={[{ required: true, type: 'array', min: 1, message: t('create.eventsRequired') }]}
        >
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={events.map((event) => ({
              value: event,
              label: t(`events.${event}`, { defaultValue: event }),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
