import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Input } from 'antd';
import { pluralForms, targetPluralMessage } from '@bhasha/engine/browser';
import { useTranslation } from 'react-i18next';
import { commandForKey } from '../lib/grid-navigation';
import { composePlural, targetFormsOf, type PluralFormView } from '../lib/plural-forms';

interface PluralEditorProps {
  /** The translation being edited: an ICU plural message, or '' before the first save. */
  value: string;
  /** The source: an ICU plural message with the source language's categories. */
  source: string;
  targetLang: string;
  onChange: (value: string) => void;
  onSaveAndMove: (delta: number) => void;
  onCancel: () => void;
}

/** The inputs of a translation that starts as the source's forms (Ctrl+Shift+C), gaps from `other`. */
function formsFromSource(source: string, targetLang: string): PluralFormView[] | undefined {
  const plural = pluralForms(source);
  return plural && targetFormsOf(targetPluralMessage(plural.forms, targetLang, plural.variable), targetLang);
}

/**
 * The inline editor of a plural: one input per CLDR category of the target language (Hindi one
 * and other, Arabic all six), each labelled with a count that selects it. Every change is handed
 * up as the whole ICU message, so the row saves it through the usual call. Keys as in the text
 * editor, except that Tab first walks the inputs and only the last one saves and moves on.
 */
export function PluralEditor({
  value,
  source,
  targetLang,
  onChange,
  onSaveAndMove,
  onCancel,
}: PluralEditorProps) {
  const { t } = useTranslation('workspace');
  const [forms, setForms] = useState(() => targetFormsOf(value, targetLang) ?? []);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    container.current?.querySelector('textarea')?.focus();
  }, []);

  const update = (next: PluralFormView[]) => {
    setForms(next);
    onChange(composePlural(next, source));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>, index: number) => {
    const command = commandForKey('editing', {
      key: event.key,
      shiftKey: event.shiftKey,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      isComposing: event.nativeEvent.isComposing,
    });
    if (command.kind === 'none') return;
    // Tab inside the forms moves between them as the browser does.
    const isTabWithin = event.key === 'Tab' && (event.shiftKey ? index > 0 : index < forms.length - 1);
    if (isTabWithin) return;
    event.preventDefault();
    event.stopPropagation();
    if (command.kind === 'saveAndMove') onSaveAndMove(command.delta);
    else if (command.kind === 'cancel') onCancel();
    else if (command.kind === 'copySource') {
      const copied = formsFromSource(source, targetLang);
      if (copied) update(copied);
    }
  };

  return (
    <div ref={container} className="workspace-plural workspace-plural--editing" data-testid="plural-editor">
      {forms.map((form, index) => {
        const category = t(`plural.categories.${form.category}`);
        return (
          <label key={form.category} className="workspace-plural-form" data-category={form.category}>
            <span className="workspace-plural-category">
              {category}
              {form.example !== undefined && (
                <span className="workspace-plural-example">
                  {' '}
                  {t('plural.example', { number: form.example })}
                </span>
              )}
            </span>
            <Input.TextArea
              value={form.text}
              autoSize={{ minRows: 1, maxRows: 6 }}
              aria-label={t('plural.formInput', { category })}
              data-testid={`plural-input-${form.category}`}
              onChange={(event) =>
                update(
                  forms.map((other, at) => (at === index ? { ...other, text: event.target.value } : other)),
                )
              }
              onKeyDown={(event) => handleKeyDown(event, index)}
            />
          </label>
        );
      })}
    </div>
  );
}
