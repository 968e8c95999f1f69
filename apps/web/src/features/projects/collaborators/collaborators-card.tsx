import { useState } from 'react';
import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { ItemList } from '../../../components/item-list/item-list';
import type { CollaboratorAssignment, Project } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useAbilities } from '../../users/api/users-queries';
import { AssignCollaboratorDrawer } from './assign-collaborator-drawer';
import { useAssignedCollaborators, useRemoveCollaborator } from './collaborators-api';

/**
 * The collaborators of a project (spec §6): who works on it and on which domains. Those the
 * server lets assign (abilities) add, edit and remove; a collaborator sees its own assignment.
 */
export function CollaboratorsCard({ project }: { project: Project }) {
  const { t } = useTranslation('collaborators');
  const abilities = useAbilities();
  const assigned = useAssignedCollaborators(project.id);
  const remove = useRemoveCollaborator();
  const [editing, setEditing] = useState<CollaboratorAssignment | 'new' | null>(null);
  const canAssign = abilities.data?.canAssignCollaborators === true;
  const multiDomain = project.domains.length > 1;

  function removeFromDomain(userId: string, domainId: string) {
    void remove.mutateAsync({ projectId: project.id, userId, domainId }).catch(() => undefined);
  }

  return (
    <Card
      title={t('title')}
      data-testid="collaborators-card"
      extra={
        canAssign && (
          <Button
            icon={<UserAddOutlined />}
            onClick={() => setEditing('new')}
            data-testid="collaborator-assign-open"
          >
            {t('assign')}
          </Button>
        )
      }
    >
      {assigned.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <ItemList
          size="small"
          dataSource={assigned.data?.collaborators ?? []}
          emptyText={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={canAssign ? t('emptyAdmin') : t('empty')}
            />
          }
          renderItem={(item) => (
            <ItemList.Item
              data-testid="collaborator-row"
              actions={
                canAssign
                  ? [
                      // Only a multi-domain project has domains to choose between.
                      ...(multiDomain
                        ? [
                            <Button key="edit" type="link" size="small" onClick={() => setEditing(item)}>
                              {t('edit')}
                            </Button>,
                          ]
                        : []),
                      <Popconfirm
                        key="remove"
                        title={t('confirmRemove', { name: item.name })}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          remove
                            .mutateAsync({ projectId: project.id, userId: item.userId })
                            .catch(() => undefined)
                        }
                      >
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={`${t('remove')}: ${item.name}`}
                          data-testid="collaborator-remove"
                        />
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <Space orientation="vertical" size={2}>
                <Space wrap>
                  <Typography.Text strong>{item.name}</Typography.Text>
                  <Typography.Text type="secondary">{item.email}</Typography.Text>
                  {item.status !== 'active' && <Tag>{t('inactive')}</Tag>}
                </Space>
                {multiDomain && (
                  <Space wrap size={4} data-testid="collaborator-domains">
                    {item.allDomains ? (
                      <Tag color="blue">{t('allDomains')}</Tag>
                    ) : item.domains.length === 0 ? (
                      <Tag>{t('noDomains')}</Tag>
                    ) : (
                      item.domains.map((domain) => (
                        <Tag
                          key={domain.id}
                          closable={canAssign}
                          closeIcon={canAssign ? undefined : false}
                          onClose={(event) => {
                            event.preventDefault();
                            removeFromDomain(item.userId, domain.id);
                          }}
                        >
                          {domain.hostname}
                        </Tag>
                      ))
                    )}
                  </Space>
                )}
              </Space>
            </ItemList.Item>
          )}
        />
      )}
      {canAssign && editing && (
        <AssignCollaboratorDrawer
          project={project}
          assignment={editing === 'new' ? null : editing}
          assignedUserIds={(assigned.data?.collaborators ?? []).map((c) => c.userId)}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
