import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddUrls } from '../api/scope-queries';
import type { AddUrlsResult } from '../api/scope-api';

/** Adds pasted URLs (one per line) to the scope; the server reports what it could not add. */
export function AddUrlsModal({
  projectId,
  open,
  onClose,
  onResult,
}: {
  projectId: string;
  open: boolean;
  onClose: () => void;
  onResult: (result: AddUrlsResult) => void;
}) {
  const { t } = useTranslation('scope');
  const [text, setText] = useState('');
  const add = useAddUrls(projectId);
  const urls = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 500);

  return (
    <Modal
      open={open}
      title={t('addTitle')}
      okText={t('addSubmit')}
      okButtonProps={{ disabled: urls.length === 0, loading: add.isPending }}
      onCancel={onClose}
      onOk={() =>
        void add
          .mutateAsync(urls)
          .then((result) => {
            onResult(result);
            setText('');
            onClose();
          })
          .catch(() => undefined)
      }
    >
      <Typography.Paragraph type="secondary">{t('addHint')}</Typography.Paragraph>
      <Input.TextArea
        rows={8}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-label={t('addTitle')}
      />
    </Modal>
  );
}
