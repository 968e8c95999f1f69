import { forwardRef, useEffect, type KeyboardEvent } from 'react';
import { Checkbox, Empty, Skeleton } from 'antd';
import type { AppUnit, TmEntry } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import type { DraftState } from '../hooks/use-segment-drafts';
import { SegmentRow, type SegmentEditing, type SegmentRowActions } from './segment-row';

interface SegmentGridProps {
  rows: readonly TmEntry[];
  /** Position of the first row in the whole filtered list, minus one. */
  offset: number;
  isLoading: boolean;
  isFiltered: boolean;
  activeIndex: number;
  editingHash: string | null;
  editing: SegmentEditing | null;
  selected: ReadonlyMap<string, string>;
  remoteChanged: ReadonlySet<string>;
  togglingHashes: ReadonlySet<string>;
  drafts: ReadonlyMap<string, DraftState>;
  actions: SegmentRowActions;
  /** A mobile project's string context by segment id (absent for websites). */
  units?: ReadonlyMap<string, AppUnit>;
  onSelectPage: (isSelected: boolean) => void;
  /** Keys pressed while no row is being edited. */
  onBrowseKey: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/** The two-column table (source | target) of one page of segments, driven from the keyboard. */
export const SegmentGrid = forwardRef<HTMLDivElement, SegmentGridProps>(function SegmentGrid(props, ref) {
  const { t } = useTranslation('workspace');
  const { rows, offset, activeIndex, editingHash, selected } = props;
  const selectedOnPage = rows.filter((row) => selected.has(row.sourceHash)).length;

  // Keep the active row in view as the cursor moves (jsdom has no scrollIntoView).
  useEffect(() => {
    const grid = typeof ref === 'object' ? ref?.current : null;
    const row = grid?.querySelector<HTMLElement>(`[aria-rowindex="${offset + activeIndex + 1}"]`);
    row?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, offset, ref]);

  return (
    <div
      ref={ref}
      role="grid"
      tabIndex={0}
      aria-label={t('grid.label')}
      aria-rowcount={-1}
      className="workspace-grid"
      data-testid="segment-grid"
      onKeyDown={(event) => {
        // Keys typed in the editor or in a control inside a row are theirs.
        if (event.target !== event.currentTarget && editingHash !== null) return;
        props.onBrowseKey(event);
      }}
    >
      <div role="row" className="workspace-row workspace-row--header">
        <div role="columnheader" className="workspace-cell workspace-cell--check">
          <Checkbox
            tabIndex={-1}
            aria-label={t('grid.selectPage')}
            checked={rows.length > 0 && selectedOnPage === rows.length}
            indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
            onChange={(event) => props.onSelectPage(event.target.checked)}
          />
        </div>
        <div role="columnheader" className="workspace-cell workspace-cell--position">
          #
        </div>
        <div role="columnheader" className="workspace-cell workspace-cell--source">
          {t('columns.source')}
        </div>
        <div role="columnheader" className="workspace-cell workspace-cell--target">
          {t('columns.target')}
        </div>
        <div role="columnheader" className="workspace-cell workspace-cell--meta">
          {t('columns.status')}
        </div>
      </div>
      {props.isLoading ? (
        <div style={{ padding: 16 }} data-testid="segment-grid-loading">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      ) : rows.length === 0 ? (
        <Empty
          style={{ padding: 48 }}
          description={props.isFiltered ? t('grid.emptyFiltered') : t('grid.empty')}
          data-testid="segment-grid-empty"
        />
      ) : (
        rows.map((entry, index) => (
          <SegmentRow
            key={entry.sourceHash}
            entry={entry}
            index={index}
            position={offset + index + 1}
            isActive={index === activeIndex}
            isSelected={selected.has(entry.sourceHash)}
            isChangedRemotely={props.remoteChanged.has(entry.sourceHash)}
            draft={props.drafts.get(entry.sourceHash)}
            isToggling={props.togglingHashes.has(entry.sourceHash)}
            editing={entry.sourceHash === editingHash ? props.editing : null}
            actions={props.actions}
            unit={props.units?.get(entry.segmentId)}
          />
        ))
      )}
    </div>
  );
});
