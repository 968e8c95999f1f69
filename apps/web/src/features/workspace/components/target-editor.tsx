import { useEffect, useRef } from 'react';
import { Input, type GetRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { commandForKey } from '../lib/grid-navigation';

interface TargetEditorProps {
  value: string;
  source: string;
  onChange: (value: string) => void;
  /** Save the text and move by `delta` rows (the next row opens for editing). */
  onSaveAndMove: (delta: number) => void;
  onCancel: () => void;
}

/** The inline editor of one target: Enter saves and moves down, Shift+Enter breaks the line, Esc cancels. */
export function TargetEditor({ value, source, onChange, onSaveAndMove, onCancel }: TargetEditorProps) {
  const { t } = useTranslation('workspace');
  const ref = useRef<GetRef<typeof Input.TextArea>>(null);

  useEffect(() => {
    const area = ref.current?.resizableTextArea?.textArea;
    if (!area) return;
    area.focus();
    // Caret at the end, where a translator continues typing.
    area.setSelectionRange(area.value.length, area.value.length);
  }, []);

  return (
    <Input.TextArea
      ref={ref}
      value={value}
      autoSize={{ minRows: 1, maxRows: 10 }}
      aria-label={t('row.editTarget')}
      data-testid="target-editor"
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        const command = commandForKey('editing', {
          key: event.key,
          shiftKey: event.shiftKey,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          isComposing: event.nativeEvent.isComposing,
        });
        if (command.kind === 'none') return;
        event.preventDefault();
        // The grid listens for browsing keys: an editing key must not reach it.
        event.stopPropagation();
        if (command.kind === 'saveAndMove') onSaveAndMove(command.delta);
        else if (command.kind === 'cancel') onCancel();
        else if (command.kind === 'copySource') onChange(source);
      }}
    />
  );
}
