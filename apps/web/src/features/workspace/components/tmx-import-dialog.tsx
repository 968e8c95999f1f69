import { useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Modal, Progress, Space, Typography, Upload } from 'antd';
import { TMX_UPLOAD_MAX_BYTES, TM_MESSAGES } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { appToaster } from '../../../lib/api/app-toaster';
import { useTmxImportStatus, useUploadTmx } from '../api/tm-import-api';

/**
 * "Import TMX" of the editor: uploads a TMX for the language, then follows the import job
 * (queued, running with units read of the file's units, completed with its counts, or failed).
 */
export function TmxImportDialog({ projectId, targetLang }: { projectId: string; targetLang: string }) {
  const { t } = useTranslation('workspace');
  const [open, setOpen] = useState(false);
  const [overwrite, setOverwrite] = useState(false);
  const [importId, setImportId] = useState<string | null>(null);
  const upload = useUploadTmx(projectId, targetLang);
  const status = useTmxImportStatus(projectId, importId);
  const state = status.data;
  const running = importId !== null && state?.status !== 'completed' && state?.status !== 'failed';
  const percent = state && state.total > 0 ? Math.floor((state.units / state.total) * 100) : 0;

  const send = (file: File) => {
    if (file.size > TMX_UPLOAD_MAX_BYTES) {
      appToaster.warning(TM_MESSAGES.tmxTooLarge);
      return;
    }
    setImportId(null);
    void upload.mutateAsync({ file, overwrite }).then((result) => {
      if (result.success) setImportId(result.data.importId);
    });
  };

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="tmx-import-open">
        {t('tmImport.open')}
      </Button>
      <Modal
        open={open}
        title={t('tmImport.title')}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t('tmImport.close')}</Button>}
        destroyOnHidden={false}
      >
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="tmx-import">
          <Typography.Text type="secondary">{t('tmImport.help')}</Typography.Text>
          <Checkbox checked={overwrite} disabled={running} onChange={(e) => setOverwrite(e.target.checked)}>
            {t('tmImport.overwrite')}
          </Checkbox>
          <Upload
            accept=".tmx,.xml"
            showUploadList={false}
            disabled={running || upload.isPending}
            beforeUpload={(file) => {
              send(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending} disabled={running}>
              {t('tmImport.choose')}
            </Button>
          </Upload>
          {importId !== null && (
            <div data-testid="tmx-import-progress">
              <Progress
                percent={state?.status === 'completed' ? 100 : percent}
                status={state?.status === 'failed' ? 'exception' : running ? 'active' : 'success'}
              />
              <Typography.Text>
                {state
                  ? t(`tmImport.status.${state.status}`, { units: state.units, total: state.total })
                  : t('tmImport.status.queued')}
              </Typography.Text>
            </div>
          )}
          {state?.status === 'completed' && (
            <Alert
              type="success"
              showIcon
              title={t('tmImport.done', {
                applied: state.applied,
                unchanged: state.unchanged,
                addedToMemory: state.addedToMemory,
                skipped: state.skipped,
              })}
            />
          )}
          {state?.status === 'failed' && <Alert type="error" showIcon title={state.error ?? ''} />}
        </Space>
      </Modal>
    </>
  );
}
