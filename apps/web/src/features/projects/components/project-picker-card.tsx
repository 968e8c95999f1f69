import { useState, type ReactNode } from 'react';
import { Card, Empty, Input, Skeleton, Space, Typography } from 'antd';
import { ItemList } from '../../../components/item-list/item-list';
import type { Project } from '@bhasha/contract';
import { useProjectList } from '../api/projects-queries';

interface ProjectPickerCardProps {
  testId: string;
  title: string;
  subtitle: string;
  /** Placeholder and accessible name of the search box. */
  searchLabel: string;
  emptyText: string;
  pageSize: number;
  /** Which projects of a page to show (the total and paging stay the server's). */
  filter?: (project: Project) => boolean;
  renderItem: (project: Project) => ReactNode;
}

/**
 * A card listing the caller's projects, searchable by name and paged by the server, for the pages
 * that start by picking a project (workspace, settings).
 */
export function ProjectPickerCard({
  testId,
  title,
  subtitle,
  searchLabel,
  emptyText,
  pageSize,
  filter,
  renderItem,
}: ProjectPickerCardProps) {
  const [searchText, setSearchText] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const list = useProjectList({ pageNumber, pageSize, ...(searchText ? { searchText } : {}) });
  const projects = list.data?.projectList ?? [];

  return (
    <Card
      data-testid={testId}
      title={
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {subtitle}
        </Typography.Paragraph>
        <Input.Search
          allowClear
          placeholder={searchLabel}
          aria-label={searchLabel}
          onSearch={(value) => {
            setSearchText(value.trim());
            setPageNumber(1);
          }}
          style={{ maxWidth: 360 }}
        />
        {list.isLoading ? (
          <Skeleton active />
        ) : (
          <ItemList
            dataSource={filter ? projects.filter(filter) : projects}
            emptyText={<Empty description={emptyText} />}
            pagination={{
              current: pageNumber,
              pageSize,
              total: list.data?.totalProjects ?? 0,
              hideOnSinglePage: true,
              onChange: setPageNumber,
            }}
            renderItem={renderItem}
          />
        )}
      </Space>
    </Card>
  );
}
