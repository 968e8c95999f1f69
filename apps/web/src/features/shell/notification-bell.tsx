import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Popover, Tag, Typography } from 'antd';
import { ItemList } from '../../components/item-list/item-list';
import { useTranslation } from 'react-i18next';
import { useNotificationFeed } from '../notifications/notification-feed-context';

/** The header's bell: unseen count, and the live notifications in a popover. */
export function NotificationBell() {
  const { t } = useTranslation('shell');
  const { notifications, unseenCount, isConnected, markAllSeen } = useNotificationFeed();
  const content = (
    <div style={{ width: 320 }} data-testid="notification-panel">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('notifications.title')}</Typography.Text>
        <Tag color={isConnected ? 'green' : 'default'} variant="filled">
          {isConnected ? t('notifications.live') : t('notifications.offline')}
        </Tag>
      </Flex>
      {notifications.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('notifications.emptyHint')}
          </Typography.Text>
        </Empty>
      ) : (
        <>
          <ItemList
            size="small"
            dataSource={notifications}
            style={{ maxHeight: 320, overflowY: 'auto' }}
            renderItem={(item) => (
              <ItemList.Item style={{ fontWeight: item.seen ? 400 : 600 }}>
                <ItemList.Meta
                  title={item.text}
                  description={new Date(item.receivedAt).toLocaleTimeString()}
                />
              </ItemList.Item>
            )}
          />
          <Button type="link" block onClick={markAllSeen} disabled={unseenCount === 0}>
            {t('notifications.markAllRead')}
          </Button>
        </>
      )}
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" arrow={false}>
      <Badge count={unseenCount} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          size="large"
          icon={<BellOutlined />}
          aria-label={t('notifications.title')}
          data-testid="notification-bell"
        />
      </Badge>
    </Popover>
  );
}
