import { useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Form, Input, Space, Spin, Typography, Upload } from 'antd';
import { APP_FILE_EXTENSIONS, type AppFileUploadResult } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { appToaster } from '../../../lib/api/app-toaster';
import { useUploadAppFile } from '../api/app-files-queries';
import { APP_FILE_ACCEPT, MAX_UPLOAD_MB, uploadProblem } from '../lib/app-file-names';

interface AppFileDraggerProps {
  projectId: string;
  onUploaded: (result: AppFileUploadResult) => void;
}

/**
 * Drag-and-drop upload of a string file or a zip, with the file's optional path in the app's
 * repository. The name and size are checked here first; the server reads the file and answers
 * what it stored (or why it stored nothing, shown as the usual toast).
 */
export function AppFileDragger({ projectId, onUploaded }: AppFileDraggerProps) {
  const { t } = useTranslation('appFiles');
  const upload = useUploadAppFile(projectId);
  const [path, setPath] = useState('');

  const send = (file: File) => {
    const problem = uploadProblem(file);
    if (problem) {
      appToaster.warning(
        t(`upload.${problem}`, {
          name: file.name,
          size: MAX_UPLOAD_MB,
          extensions: APP_FILE_EXTENSIONS.join(', '),
        }),
      );
      return;
    }
    upload
      .mutateAsync({ file, path: path.trim() || undefined })
      .then((result) => {
        setPath('');
        onUploaded(result);
      })
      .catch(() => undefined);
  };

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Form layout="vertical" component="div">
        <Form.Item label={t('upload.path')} extra={t('upload.pathHint')} style={{ marginBottom: 8 }}>
          <Input
            value={path}
            maxLength={500}
            placeholder={t('upload.pathPlaceholder')}
            onChange={(event) => setPath(event.target.value)}
            data-testid="app-file-path"
          />
        </Form.Item>
      </Form>
      <div data-testid="app-file-dragger">
        <Upload.Dragger
          accept={APP_FILE_ACCEPT}
          multiple={false}
          showUploadList={false}
          disabled={upload.isPending}
          // The file is sent by the query layer, not by antd's own request.
          beforeUpload={(file) => {
            send(file);
            return Upload.LIST_IGNORE;
          }}
        >
          {upload.isPending ? (
            <Spin description={t('upload.reading', { name: upload.variables?.file.name ?? '' })}>
              <div style={{ padding: 32 }} data-testid="app-file-uploading" />
            </Spin>
          ) : (
            <>
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <Typography.Paragraph strong>{t('upload.drop')}</Typography.Paragraph>
              <Typography.Paragraph type="secondary" style={{ paddingInline: 16 }}>
                {t('upload.hint', { size: MAX_UPLOAD_MB })}
              </Typography.Paragraph>
            </>
          )}
        </Upload.Dragger>
      </div>
    </Space>
  );
}
