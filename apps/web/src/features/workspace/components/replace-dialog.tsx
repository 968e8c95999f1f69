import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Space, Typography } from 'antd';
import { ItemList } from '../../../components/item-list/item-list';
import {
  MAX_REPLACE_TEXT,
  REPLACE_PREVIEW_LIMIT,
  VALIDATION_MESSAGES,
  TRANSLATION_MESSAGES,
} from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { appToaster } from '../../../lib/api/app-toaster';
import type { ReplaceResult } from '../api/translation-api';
import { useReplace } from '../api/translation-queries';
import { splitChange } from '../lib/highlight-diff';

interface ReplaceDialogProps {
  projectId: string;
  targetLang: string;
  /** The editor's URL filter; the replacement can be limited to it. */
  url: string;
  open: boolean;
  onClose: () => void;
}

interface ReplaceForm {
  find: string;
  replace: string;
  matchCase: boolean;
  wholeWord: boolean;
  onlyUrl: boolean;
}

function PreviewText({ before, after }: { before: string; after: string }) {
  const { prefix, removed, added, suffix } = splitChange(before, after);
  return (
    <span className="workspace-replace-preview">
      {prefix}
      {removed && <del>{removed}</del>}
      {added && <ins>{added}</ins>}
      {suffix}
    </span>
  );
}

/** Find and replace across one language's targets: a preview first, then the ticked strings are replaced. */
export function ReplaceDialog({ projectId, targetLang, url, open, onClose }: ReplaceDialogProps) {
  const { t } = useTranslation('workspace');
  const [form] = Form.useForm<ReplaceForm>();
  const replace = useReplace(projectId, targetLang);
  const [preview, setPreview] = useState<ReplaceResult | null>(null);
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());

  const requestOf = (values: ReplaceForm, isPreview: boolean) => ({
    projectId,
    targetLang,
    find: values.find,
    replace: values.replace ?? '',
    matchCase: values.matchCase ?? false,
    wholeWord: values.wholeWord ?? false,
    preview: isPreview,
    ...(values.onlyUrl && url ? { url } : {}),
  });

  const close = () => {
    setPreview(null);
    setExcluded(new Set());
    onClose();
  };

  const runPreview = async () => {
    const values = await form.validateFields();
    setExcluded(new Set());
    const result = await replace.mutateAsync(requestOf(values, true)).catch(() => null);
    setPreview(result);
    if (result && result.modifiedTmCount === 0) appToaster.warning(VALIDATION_MESSAGES.noStringsToReplace);
  };

  const runReplace = async () => {
    if (!preview) return;
    const values = form.getFieldsValue();
    // Unticking limits the replacement to the listed strings that stay ticked; otherwise all matches change.
    const limitTo =
      excluded.size > 0
        ? { sourceHashes: preview.items.map((item) => item.sourceHash).filter((hash) => !excluded.has(hash)) }
        : {};
    const result = await replace.mutateAsync({ ...requestOf(values, false), ...limitTo }).catch(() => null);
    if (!result) return;
    if (result.modifiedTmCount === 0) {
      appToaster.warning(VALIDATION_MESSAGES.noStringsToReplace);
      return;
    }
    appToaster.success(t('replace.done', { count: result.modifiedTmCount }));
    close();
  };

  const toReplaceCount = !preview
    ? 0
    : excluded.size > 0
      ? preview.items.length - excluded.size
      : preview.modifiedTmCount;

  return (
    <Modal
      open={open}
      onCancel={close}
      title={t('replace.title')}
      width={760}
      destroyOnHidden
      data-testid="replace-dialog"
      footer={
        <Space>
          <Button onClick={close}>{t('replace.cancel')}</Button>
          <Button onClick={() => void runPreview()} loading={replace.isPending && !preview}>
            {t('replace.preview')}
          </Button>
          <Button
            type="primary"
            danger
            disabled={!preview || toReplaceCount <= 0}
            loading={replace.isPending && preview !== null}
            onClick={() => void runReplace()}
          >
            {t('replace.apply', { count: Math.max(0, toReplaceCount) })}
          </Button>
        </Space>
      }
    >
      <Form<ReplaceForm>
        form={form}
        layout="vertical"
        initialValues={{ find: '', replace: '', matchCase: false, wholeWord: false, onlyUrl: Boolean(url) }}
        onValuesChange={() => setPreview(null)}
      >
        <Form.Item
          name="find"
          label={t('replace.find')}
          rules={[{ required: true, whitespace: false, message: TRANSLATION_MESSAGES.findRequired }]}
        >
          <Input maxLength={MAX_REPLACE_TEXT} autoFocus />
        </Form.Item>
        <Form.Item name="replace" label={t('replace.with')}>
          <Input maxLength={MAX_REPLACE_TEXT} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="matchCase" valuePropName="checked" noStyle>
            <Checkbox>{t('replace.matchCase')}</Checkbox>
          </Form.Item>
          <Form.Item name="wholeWord" valuePropName="checked" noStyle>
            <Checkbox>{t('replace.wholeWord')}</Checkbox>
          </Form.Item>
          {url && (
            <Form.Item name="onlyUrl" valuePropName="checked" noStyle>
              <Checkbox>{t('replace.onlyUrl', { url })}</Checkbox>
            </Form.Item>
          )}
        </Space>
      </Form>
      {preview && preview.modifiedTmCount > 0 && (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Alert
            type="info"
            showIcon
            title={t('replace.matches', { count: preview.modifiedTmCount })}
            description={
              preview.modifiedTmCount > preview.items.length
                ? t('replace.previewLimited', { shown: preview.items.length, limit: REPLACE_PREVIEW_LIMIT })
                : undefined
            }
          />
          <ItemList
            size="small"
            data-testid="replace-preview"
            style={{ maxHeight: 360, overflow: 'auto' }}
            dataSource={preview.items}
            renderItem={(item) => (
              <ItemList.Item>
                <Space align="start">
                  <Checkbox
                    checked={!excluded.has(item.sourceHash)}
                    aria-label={t('replace.include')}
                    onChange={(event) =>
                      setExcluded((current) => {
                        const next = new Set(current);
                        if (event.target.checked) next.delete(item.sourceHash);
                        else next.add(item.sourceHash);
                        return next;
                      })
                    }
                  />
                  <div>
                    <Typography.Text type="secondary">{item.source}</Typography.Text>
                    <div data-testid="replace-preview-item">
                      <PreviewText before={item.before} after={item.after} />
                    </div>
                  </div>
                </Space>
              </ItemList.Item>
            )}
          />
        </Space>
      )}
    </Modal>
  );
}
