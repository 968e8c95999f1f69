import { CloudUploadOutlined, DeleteOutlined, DownloadOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button, Dropdown, Popconfirm, Space, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import { APP_FILE_EXTENSIONS, type AppFile, type AppFileUploadResult } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { appToaster } from '../../../lib/api/app-toaster';
import { languageName } from '../../projects/lib/language-options';
import { appFilesApi } from '../api/app-files-api';
import { useDeleteAppFile, useResyncAppFile } from '../api/app-files-queries';
import { APP_FILE_ACCEPT, MAX_UPLOAD_MB, exportFileName, uploadProblem } from '../lib/app-file-names';
import { FileLanguageProgress } from './file-language-progress';

interface AppFilesTableProps {
  projectId: string;
  files: readonly AppFile[];
  isLoading: boolean;
  onResynced: (file: AppFile, result: AppFileUploadResult) => void;
  onOpenVersions: (file: AppFile) => void;
}

/** The project's string files: format, version, sizes, each language's progress and the file's actions. */
export function AppFilesTable({
  projectId,
  files,
  isLoading,
  onResynced,
  onOpenVersions,
}: AppFilesTableProps) {
  const { t, i18n } = useTranslation('appFiles');
  const resync = useResyncAppFile(projectId);
  const remove = useDeleteAppFile(projectId);
  const format = (value: number) => value.toLocaleString(i18n.language);

  const sendNewVersion = (file: AppFile, upload: File) => {
    const problem = uploadProblem(upload);
    if (problem) {
      appToaster.warning(
        t(`upload.${problem}`, {
          name: upload.name,
          size: MAX_UPLOAD_MB,
          extensions: APP_FILE_EXTENSIONS.join(', '),
        }),
      );
      return;
    }
    resync
      .mutateAsync({ fileId: file.fileId, file: upload })
      .then((result) => onResynced(file, result))
      .catch(() => undefined);
  };

  return (
    <Table<AppFile>
      rowKey="fileId"
      data-testid="app-files-table"
      loading={isLoading}
      dataSource={[...files]}
      pagination={false}
      scroll={{ x: true }}
      locale={{ emptyText: t('empty') }}
      columns={[
        {
          key: 'path',
          title: t('columns.path'),
          render: (_, file) => (
            <Typography.Text code data-testid="app-file-path-cell">
              {file.path}
            </Typography.Text>
          ),
        },
        {
          key: 'format',
          title: t('columns.format'),
          render: (_, file) => <Tag>{t(`formats.${file.format}`)}</Tag>,
        },
        { key: 'version', title: t('columns.version'), align: 'right', render: (_, file) => file.version },
        {
          key: 'strings',
          title: t('columns.strings'),
          align: 'right',
          render: (_, file) => format(file.stringCount),
        },
        {
          key: 'words',
          title: t('columns.words'),
          align: 'right',
          render: (_, file) => format(file.wordCount),
        },
        {
          key: 'languages',
          title: t('columns.languages'),
          render: (_, file) => <FileLanguageProgress languages={file.languages} />,
        },
        {
          key: 'actions',
          title: t('columns.actions'),
          render: (_, file) => (
            <Space size={4}>
              <Dropdown
                trigger={['click']}
                disabled={file.languages.length === 0}
                menu={{
                  items: file.languages.map((entry) => ({
                    key: entry.language,
                    label: languageName(entry.language),
                  })),
                  onClick: ({ key }) => {
                    const entry = file.languages.find((item) => item.language === key);
                    if (entry)
                      void appFilesApi.download(
                        { projectId, fileId: file.fileId, targetLang: entry.language },
                        exportFileName(entry.exportPath),
                      );
                  },
                }}
              >
                <Tooltip title={t('actions.downloadFile', { path: file.path })}>
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    aria-label={t('actions.downloadFile', { path: file.path })}
                    data-testid="app-file-download"
                  />
                </Tooltip>
              </Dropdown>
              <Upload
                accept={APP_FILE_ACCEPT}
                showUploadList={false}
                multiple={false}
                beforeUpload={(upload) => {
                  sendNewVersion(file, upload);
                  return Upload.LIST_IGNORE;
                }}
              >
                <Tooltip title={t('actions.resync')}>
                  <Button
                    size="small"
                    icon={<CloudUploadOutlined />}
                    aria-label={t('actions.resync')}
                    loading={resync.isPending && resync.variables?.fileId === file.fileId}
                    data-testid="app-file-resync"
                  />
                </Tooltip>
              </Upload>
              <Tooltip title={t('actions.versions')}>
                <Button
                  size="small"
                  icon={<HistoryOutlined />}
                  aria-label={t('actions.versions')}
                  data-testid="app-file-versions"
                  onClick={() => onOpenVersions(file)}
                />
              </Tooltip>
              <Popconfirm
                title={t('actions.delete')}
                description={t('actions.confirmDelete', { path: file.path })}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(file.fileId).catch(() => undefined)}
              >
                <Tooltip title={t('actions.delete')}>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('actions.delete')}
                    data-testid="app-file-delete"
                    loading={remove.isPending && remove.variables === file.fileId}
                  />
                </Tooltip>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}
