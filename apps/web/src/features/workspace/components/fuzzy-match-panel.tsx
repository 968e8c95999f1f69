import { ImportOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Progress, Skeleton, Space, Typography } from 'antd';
import { ItemList } from '../../../components/item-list/item-list';
import type { TmEntry } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useFuzzyMatches } from '../api/fuzzy-matches';
import { SegmentText } from './segment-text';
import { TranslationTypeTag } from './translation-type-tag';

interface FuzzyMatchPanelProps {
  projectId: string;
  targetLang: string;
  open: boolean;
  /** The active segment; matches follow the cursor. */
  entry: TmEntry | null;
  onInsert: (text: string) => void;
  onClose: () => void;
}

/** Translation-memory matches for the active segment with the source differences marked, each insertable. */
export function FuzzyMatchPanel({
  projectId,
  targetLang,
  open,
  entry,
  onInsert,
  onClose,
}: FuzzyMatchPanelProps) {
  const { t } = useTranslation('workspace');
  const matches = useFuzzyMatches(projectId, targetLang, open && entry ? entry.sourceHash : null);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      mask={false}
      autoFocus={false}
      focusable={{ trap: false }}
      size={440}
      title={t('matches.title')}
      data-testid="fuzzy-match-panel"
    >
      {entry && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            <SegmentText text={entry.source} />
          </Typography.Text>
          {matches.isLoading ? (
            <Skeleton active />
          ) : (
            <ItemList
              dataSource={matches.data?.matches ?? []}
              emptyText={<Empty description={t('matches.empty')} />}
              renderItem={(match) => (
                <ItemList.Item
                  data-testid="fuzzy-match"
                  actions={[
                    <Button
                      key="insert"
                      size="small"
                      icon={<ImportOutlined />}
                      onClick={() => onInsert(match.text)}
                    >
                      {t('matches.insert')}
                    </Button>,
                  ]}
                >
                  <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                    <Space size={8}>
                      <Progress
                        type="circle"
                        size={36}
                        percent={match.score}
                        format={(percent) => `${percent ?? 0}%`}
                        aria-label={t('matches.score', { score: match.score })}
                      />
                      <TranslationTypeTag type={match.type} />
                    </Space>
                    <span className="workspace-match-source">
                      {match.diff.map((span, index) =>
                        span.op === 'equal' ? (
                          <span key={index}>{span.text}</span>
                        ) : span.op === 'delete' ? (
                          <del key={index} title={t('matches.onlyInMemory')}>
                            {span.text}
                          </del>
                        ) : (
                          <ins key={index} title={t('matches.onlyInSegment')}>
                            {span.text}
                          </ins>
                        ),
                      )}
                    </span>
                    <SegmentText text={match.text} />
                  </Space>
                </ItemList.Item>
              )}
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}
