import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KEYBOARD_LANGUAGES, isTransliterationLanguage } from '@bhasha/contract';
import { measureCaretInField, placeCandidateList, type ListPlacement } from '../lib/caret-position';
import './phonetic-input.css';

/** The Roman word being typed: letters (and inner apostrophes) right before the caret. */
const ROMAN_WORD_BEFORE_CARET = /[A-Za-z][A-Za-z']*$/;
const DEFAULT_DEBOUNCE_MS = 150;
/** Digits 1–9 pick the candidate with that number. */
const MAX_NUMBERED = 9;

export type SuggestCandidates = (word: string, signal: AbortSignal) => Promise<string[]>;

interface PhoneticInputProps {
  /** Off: the children behave exactly as without this wrapper. */
  enabled: boolean;
  value: string;
  onChange: (value: string) => void;
  suggest: SuggestCandidates;
  /** The text field (a textarea somewhere inside). */
  children: ReactNode;
  debounceMs?: number;
}

interface OpenList {
  word: string;
  /** Where the word starts and the caret is, in `value`. */
  start: number;
  end: number;
  candidates: string[];
  active: number;
}

/**
 * The phonetic keyboard (uiConfig keyboardMode 'phonetic'): while Roman letters are typed in the
 * wrapped field, the ranked native-script candidates of the word before the caret are listed
 * under the caret (measured with a mirror of the field, kept inside the viewport, flipped above
 * the line near the bottom). Space, Enter or Tab takes the highlighted one (the first unless
 * arrows moved), digits 1–9 take that numbered one, Esc closes the list and leaves the Roman word.
 * Keys reach the field's own handler (save, cancel, move) only while no list is open: they are
 * caught in the capture phase. ARIA: the field gets aria-autocomplete/aria-controls/
 * aria-activedescendant, the list is a listbox of options.
 */
export function PhoneticInput({
  enabled,
  value,
  onChange,
  suggest,
  children,
  debounceMs = DEFAULT_DEBOUNCE_MS,
}: PhoneticInputProps) {
  const { t } = useTranslation('workspace');
  const wrapper = useRef<HTMLDivElement>(null);
  const listId = useId();
  const [list, setList] = useState<OpenList | null>(null);
  /** A word the user closed the list for: not offered again until it changes. */
  const dismissed = useRef<string | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const listElement = useRef<HTMLUListElement>(null);
  const [placement, setPlacement] = useState<ListPlacement | null>(null);

  const field = useCallback(
    () => wrapper.current?.querySelector<HTMLTextAreaElement | HTMLInputElement>('textarea, input') ?? null,
    [],
  );

  // After each change: find the Roman word before the caret and ask for its candidates (debounced).
  useEffect(() => {
    if (!enabled) return;
    const area = field();
    const caret = area?.selectionStart ?? value.length;
    const match = ROMAN_WORD_BEFORE_CARET.exec(value.slice(0, caret));
    if (!match || match[0] === dismissed.current) {
      setList(null);
      return;
    }
    dismissed.current = null;
    const word = match[0];
    // A list for another word (typing went on) closes at once: a key must never take a stale
    // candidate over a range of the text that has changed since.
    setList((open) => (open && open.word === word && open.end === caret ? open : null));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggest(word, controller.signal)
        .then((candidates) => {
          if (controller.signal.aborted) return;
          setList(
            candidates.length === 0
              ? null
              : { word, start: caret - word.length, end: caret, candidates, active: 0 },
          );
        })
        .catch(() => {
          // No candidates (offline, unknown word): typing goes on in Roman letters.
          if (!controller.signal.aborted) setList(null);
        });
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [enabled, value, suggest, debounceMs, field]);

  // The field announces the list and the highlighted option (it is not our element: attributes).
  useEffect(() => {
    const area = field();
    if (!area || !enabled) return;
    area.setAttribute('aria-autocomplete', 'list');
    area.setAttribute('aria-expanded', list ? 'true' : 'false');
    if (list) {
      area.setAttribute('aria-controls', listId);
      area.setAttribute('aria-activedescendant', `${listId}-${list.active}`);
    } else {
      area.removeAttribute('aria-controls');
      area.removeAttribute('aria-activedescendant');
    }
  }, [enabled, list, listId, field]);

  // The caret goes right after an inserted candidate once React has rendered the new value.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const area = field();
    if (caret === null || !area) return;
    pendingCaret.current = null;
    area.setSelectionRange(caret, caret);
  }, [value, field]);

  // The list follows the caret: placed before paint, again when the page scrolls or resizes.
  const listEnd = list?.end;
  useLayoutEffect(() => {
    const area = field();
    const element = listElement.current;
    if (listEnd === undefined || !area || !element) {
      setPlacement(null);
      return;
    }
    const place = () => {
      const caret = measureCaretInField(area, Math.min(listEnd, area.value.length));
      const fieldBox = area.getBoundingClientRect();
      setPlacement(
        placeCandidateList({
          caret: { left: fieldBox.left + caret.left, top: fieldBox.top + caret.top, height: caret.height },
          list: { width: element.offsetWidth, height: element.offsetHeight },
          viewport: { width: window.innerWidth, height: window.innerHeight },
        }),
      );
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [listEnd, value, field]);

  function pick(index: number, trailing: string) {
    if (!list) return;
    const candidate = list.candidates[index];
    if (candidate === undefined) return;
    const inserted = candidate + trailing;
    pendingCaret.current = list.start + inserted.length;
    setList(null);
    onChange(value.slice(0, list.start) + inserted + value.slice(list.end));
  }

  function onKeyDownCapture(event: React.KeyboardEvent) {
    if (!list || event.nativeEvent.isComposing) return;
    const size = list.candidates.length;
    let handled = true;
    if (event.key === 'ArrowDown') setList({ ...list, active: (list.active + 1) % size });
    else if (event.key === 'ArrowUp') setList({ ...list, active: (list.active - 1 + size) % size });
    else if (event.key === 'Enter' && !event.shiftKey) pick(list.active, '');
    else if (event.key === 'Tab' && !event.shiftKey) pick(list.active, '');
    else if (event.key === ' ') pick(list.active, ' ');
    else if (/^[1-9]$/.test(event.key) && Number(event.key) <= Math.min(size, MAX_NUMBERED))
      pick(Number(event.key) - 1, '');
    else if (event.key === 'Escape') {
      dismissed.current = list.word;
      setList(null);
    } else handled = false;
    if (!handled) return;
    // The field's own handler (Enter saves, Esc cancels) must not see a key the list used.
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div ref={wrapper} className="phonetic-input" onKeyDownCapture={onKeyDownCapture}>
      {children}
      {enabled && list && (
        <ul
          ref={listElement}
          id={listId}
          role="listbox"
          aria-label={t('phonetic.candidates', { word: list.word })}
          className="phonetic-input__list"
          data-testid="phonetic-candidates"
          data-side={placement?.side}
          // Hidden until measured, so it never flashes at the wrong place.
          style={
            placement
              ? { left: placement.left, top: placement.top }
              : { left: 0, top: 0, visibility: 'hidden' }
          }
        >
          {list.candidates.map((candidate, index) => (
            <li
              key={candidate}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === list.active}
              className={
                index === list.active
                  ? 'phonetic-input__option phonetic-input__option--active'
                  : 'phonetic-input__option'
              }
              // Keep the focus in the field; the click then picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(index, '')}
            >
              {index < MAX_NUMBERED && (
                <span className="phonetic-input__number" aria-hidden="true">
                  {index + 1}
                </span>
              )}
              {candidate}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Whether the editor offers the phonetic keyboard for this target language. */
export function isPhoneticLanguage(language: string): boolean {
  return (
    language !== 'en' &&
    isTransliterationLanguage(language) &&
    (KEYBOARD_LANGUAGES as readonly string[]).includes(language)
  );
}
