import { FileTextOutlined, KeyOutlined } from '@ant-design/icons';
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { AppUnit } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { baseName } from '../lib/app-file-names';

/**
 * Where a mobile project's segment comes from, under its source text: the key, the file, the
 * developer's comment and the length limit, which a translator of a short button label needs.
 */
export function SegmentContext({ unit }: { unit: AppUnit }) {
  const { t } = useTranslation('appFiles');
  return (
    <div className="workspace-segment-context" data-testid="segment-context">
      <Space size={[8, 2]} wrap>
        <Tooltip title={t('context.key')}>
          <Typography.Text code style={{ fontSize: 12 }} data-testid="segment-context-key">
            <KeyOutlined aria-label={t('context.key')} /> {unit.key}
          </Typography.Text>
        </Tooltip>
        <Tooltip title={unit.filePath}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="segment-context-file">
            <FileTextOutlined aria-label={t('context.file')} /> {baseName(unit.filePath)}
          </Typography.Text>
        </Tooltip>
        {unit.plural && <Tag style={{ marginInlineEnd: 0 }}>{t('context.plural')}</Tag>}
        {unit.maxLength !== null && (
          <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="segment-context-max-length">
            {t('context.maxLength', { count: unit.maxLength })}
          </Tag>
        )}
        {unit.otherKeyCount > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('context.otherKeys', { count: unit.otherKeyCount })}
          </Typography.Text>
        )}
      </Space>
      {unit.comment && (
        <Typography.Paragraph
          type="secondary"
          italic
          style={{ fontSize: 12, margin: 0 }}
          data-testid="segment-context-comment"
        >
          {t('context.comment')}: {unit.comment}
        </Typography.Paragraph>
      )}
    </div>
  );
}
