import { useState } from 'react';
import { Input, Select, Space, Table, Tag, Typography } from 'antd';
import {
  PROJECT_CREATION_STATUSES,
  PROJECT_TYPE_VALUES,
  type Project,
  type ProjectCreationStatus,
  type ProjectType,
} from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProjectList } from '../api/projects-queries';
import { ProjectStatusTag } from './project-status-tag';

const PAGE_SIZE = 10;

/** The organisation's projects with search, type and status filters, paged on the server. */
export function ProjectsTable() {
  const { t, i18n } = useTranslation('projects');
  const [searchText, setSearchText] = useState('');
  const [type, setType] = useState<ProjectType | undefined>();
  const [status, setStatus] = useState<ProjectCreationStatus | undefined>();
  const [pageNumber, setPageNumber] = useState(1);
  const filters = {
    pageNumber,
    pageSize: PAGE_SIZE,
    ...(searchText ? { searchText } : {}),
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
  };
  const list = useProjectList(filters);
  const isFiltered = Boolean(searchText || type || status);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('search')}
          aria-label={t('search')}
          onSearch={(value) => {
            setSearchText(value.trim());
            setPageNumber(1);
          }}
          style={{ width: 280 }}
        />
        <Select
          allowClear
          aria-label={t('filters.type')}
          placeholder={t('filters.allTypes')}
          value={type}
          onChange={(value: ProjectType | undefined) => {
            setType(value);
            setPageNumber(1);
          }}
          options={PROJECT_TYPE_VALUES.map((value) => ({ value, label: t(`types.${value}`) }))}
          style={{ width: 160 }}
        />
        <Select
          allowClear
          aria-label={t('filters.status')}
          placeholder={t('filters.allStatuses')}
          value={status}
          onChange={(value: ProjectCreationStatus | undefined) => {
            setStatus(value);
            setPageNumber(1);
          }}
          options={PROJECT_CREATION_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          style={{ width: 180 }}
        />
      </Space>
      <Table<Project>
        data-testid="projects-table"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.projectList ?? []}
        locale={{ emptyText: isFiltered ? t('emptyFiltered') : t('empty') }}
        pagination={{
          current: pageNumber,
          pageSize: PAGE_SIZE,
          total: list.data?.totalProjects ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('total', { count: total }),
          onChange: setPageNumber,
        }}
        columns={[
          {
            key: 'name',
            title: t('columns.name'),
            render: (_, project) => <Link to={project.id}>{project.name}</Link>,
          },
          { key: 'type', title: t('columns.type'), render: (_, project) => t(`types.${project.type}`) },
          {
            key: 'website',
            title: t('columns.website'),
            render: (_, project) => <Typography.Text type="secondary">{project.hostname}</Typography.Text>,
          },
          {
            key: 'languages',
            title: t('columns.languages'),
            render: (_, project) => project.targetLanguages.map((code) => <Tag key={code}>{code}</Tag>),
          },
          {
            key: 'status',
            title: t('columns.status'),
            render: (_, project) => <ProjectStatusTag status={project.status} />,
          },
          {
            key: 'created',
            title: t('columns.created'),
            render: (_, project) => new Date(project.createdAt).toLocaleDateString(i18n.language),
          },
        ]}
      />
    </Space>
  );
}
