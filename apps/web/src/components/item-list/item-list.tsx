import type { CSSProperties, HTMLAttributes, Key, ReactNode } from 'react';
import { Empty, Flex, Pagination, Typography, theme } from 'antd';

/**
 * A plain list of rows with actions, for the short lists of cards and drawers (domains,
 * collaborators, revisions, matches). antd 6 deprecates its List in favour of a virtualised one
 * that needs a fixed height; these lists are short and size to their content.
 */
interface ItemListProps<T> {
  dataSource: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  rowKey?: (item: T, index: number) => Key;
  /** Shown when there is nothing to list; a simple empty image by default. */
  emptyText?: ReactNode;
  size?: 'small' | 'default';
  bordered?: boolean;
  pagination?: {
    current: number;
    pageSize: number;
    total: number;
    hideOnSinglePage?: boolean;
    onChange: (page: number) => void;
  };
  style?: CSSProperties;
  className?: string;
  'data-testid'?: string;
}

export function ItemList<T>({
  dataSource,
  renderItem,
  rowKey = (_item, index) => index,
  emptyText,
  size = 'default',
  bordered = false,
  pagination,
  style,
  className,
  'data-testid': testId,
}: ItemListProps<T>) {
  const { token } = theme.useToken();
  const rowPadding =
    size === 'small'
      ? `${token.paddingXS}px ${bordered ? token.padding : 0}px`
      : `${token.padding}px ${bordered ? token.paddingLG : 0}px`;
  return (
    <div className={className} style={style} data-testid={testId}>
      {dataSource.length === 0 ? (
        <div style={{ padding: token.padding }}>
          {emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        </div>
      ) : (
        <ul
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            ...(bordered
              ? { border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadiusLG }
              : {}),
          }}
        >
          {dataSource.map((item, index) => (
            <li
              key={rowKey(item, index)}
              style={{
                padding: rowPadding,
                borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
              }}
            >
              {renderItem(item, index)}
            </li>
          ))}
        </ul>
      )}
      {pagination && !(pagination.hideOnSinglePage && pagination.total <= pagination.pageSize) && (
        <Flex justify="end" style={{ marginTop: token.margin }}>
          <Pagination
            current={pagination.current}
            pageSize={pagination.pageSize}
            total={pagination.total}
            onChange={pagination.onChange}
            showSizeChanger={false}
          />
        </Flex>
      )}
    </div>
  );
}

interface ItemRowProps extends HTMLAttributes<HTMLDivElement> {
  /** Buttons at the row's end. */
  actions?: ReactNode[];
  /** Content at the row's end, before the actions. */
  extra?: ReactNode;
}

/** One row: its content, then what it offers at the end. */
function ItemRow({ actions, extra, children, style, ...rest }: ItemRowProps) {
  const { token } = theme.useToken();
  return (
    <div {...rest} style={{ display: 'flex', alignItems: 'center', gap: token.margin, ...style }}>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center' }}>{children}</div>
      {extra}
      {actions && actions.length > 0 && (
        <Flex gap={token.marginXS} align="center">
          {actions}
        </Flex>
      )}
    </div>
  );
}

interface ItemMetaProps {
  avatar?: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
}

/** An avatar, a title and a secondary line. */
function ItemMeta({ avatar, title, description }: ItemMetaProps) {
  const { token } = theme.useToken();
  return (
    <Flex gap={token.margin} align="flex-start" style={{ flex: 1, minWidth: 0 }}>
      {avatar}
      <div style={{ minWidth: 0 }}>
        {title && <div style={{ fontWeight: 'inherit', color: token.colorText }}>{title}</div>}
        {description && <Typography.Text type="secondary">{description}</Typography.Text>}
      </div>
    </Flex>
  );
}

ItemList.Item = ItemRow;
ItemList.Meta = ItemMeta;
