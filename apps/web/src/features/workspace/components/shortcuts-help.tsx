import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Popover, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHORTCUT_LIST } from '../lib/grid-navigation';

interface ShortcutsHelpProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The help pop-over listing every keyboard shortcut of the editor. */
export function ShortcutsHelp({ open, onOpenChange }: ShortcutsHelpProps) {
  const { t } = useTranslation('workspace');
  const content = (
    <table className="workspace-shortcuts" data-testid="shortcuts-help">
      <tbody>
        {SHORTCUT_LIST.map((shortcut) => (
          <tr key={shortcut.action}>
            <td>
              <Space size={4}>
                {shortcut.keys.map((key) => (
                  <Typography.Text key={key} keyboard>
                    {key}
                  </Typography.Text>
                ))}
              </Space>
            </td>
            <td>{t(`shortcuts.${shortcut.action}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      title={t('shortcuts.title')}
      content={content}
    >
      <Button icon={<QuestionCircleOutlined />} aria-label={t('shortcuts.title')}>
        {t('shortcuts.button')}
      </Button>
    </Popover>
  );
}
