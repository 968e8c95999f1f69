/**
 * The editor's keyboard model, as a pure function so it can be tested without a DOM.
 *
 * Two modes, as in the editors translators already know (Crowdin, Phrase, Lokalise):
 * - browsing: arrows, Tab and Page keys move the active row; Enter or F2 opens it; Space selects it;
 *   single letters open the side panels.
 * - editing: the target text area has the focus; Enter saves and opens the next row, Shift+Enter
 *   inserts a line break, Tab / Shift+Tab save and move, Esc throws the draft away.
 */

export type GridMode = 'browsing' | 'editing';

/** What a key asks the editor to do; `none` lets the browser handle the key. */
export type GridCommand =
  | { kind: 'none' }
  | { kind: 'move'; delta: number }
  | { kind: 'page'; delta: number }
  | { kind: 'edit' }
  | { kind: 'toggleSelect' }
  | { kind: 'saveAndMove'; delta: number }
  | { kind: 'cancel' }
  | { kind: 'copySource' }
  | { kind: 'openHistory' }
  | { kind: 'openMatches' }
  | { kind: 'toggleDisplayType' }
  | { kind: 'showHelp' };

/** The parts of a KeyboardEvent the model reads. */
export interface GridKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** True while an input method is composing (Indic keyboards): Enter then confirms a candidate. */
  isComposing?: boolean;
}

const NONE: GridCommand = { kind: 'none' };

function commandWhileEditing(event: GridKey): GridCommand {
  const isModified = event.ctrlKey || event.metaKey;
  if (event.key === 'Escape') return { kind: 'cancel' };
  if (event.key === 'Enter' && !event.shiftKey && !event.altKey) return { kind: 'saveAndMove', delta: 1 };
  if (event.key === 'Tab') return { kind: 'saveAndMove', delta: event.shiftKey ? -1 : 1 };
  if (isModified && event.key === 'ArrowDown') return { kind: 'saveAndMove', delta: 1 };
  if (isModified && event.key === 'ArrowUp') return { kind: 'saveAndMove', delta: -1 };
  if (isModified && event.shiftKey && event.key.toLowerCase() === 'c') return { kind: 'copySource' };
  return NONE;
}

function commandWhileBrowsing(event: GridKey): GridCommand {
  if (event.ctrlKey || event.metaKey || event.altKey) return NONE;
  switch (event.key) {
    case 'ArrowDown':
      return { kind: 'move', delta: 1 };
    case 'ArrowUp':
      return { kind: 'move', delta: -1 };
    case 'Tab':
      return { kind: 'move', delta: event.shiftKey ? -1 : 1 };
    case 'PageDown':
      return { kind: 'page', delta: 1 };
    case 'PageUp':
      return { kind: 'page', delta: -1 };
    case 'Enter':
    case 'F2':
      return { kind: 'edit' };
    case ' ':
      return { kind: 'toggleSelect' };
    case 'h':
      return { kind: 'openHistory' };
    case 'm':
      return { kind: 'openMatches' };
    case 't':
      return { kind: 'toggleDisplayType' };
    case '?':
      return { kind: 'showHelp' };
    default:
      return NONE;
  }
}

/** Maps a key press to the editor command it stands for in the current mode. */
export function commandForKey(mode: GridMode, event: GridKey): GridCommand {
  if (event.isComposing) return NONE;
  return mode === 'editing' ? commandWhileEditing(event) : commandWhileBrowsing(event);
}

/** Where a move from `index` by `delta` lands on a page of `rowCount` rows, or which page edge it crosses. */
export function resolveMove(
  index: number,
  delta: number,
  rowCount: number,
): { kind: 'row'; index: number } | { kind: 'nextPage' } | { kind: 'previousPage' } | { kind: 'stay' } {
  if (rowCount === 0) return { kind: 'stay' };
  const target = index + delta;
  if (target >= rowCount) return { kind: 'nextPage' };
  if (target < 0) return { kind: 'previousPage' };
  return { kind: 'row', index: target };
}

/** The shortcuts listed in the help pop-over, as i18n keys under `workspace:shortcuts`. */
export const SHORTCUT_LIST = [
  { keys: ['↑', '↓'], action: 'move' },
  { keys: ['Tab', 'Shift+Tab'], action: 'moveTab' },
  { keys: ['PageDown', 'PageUp'], action: 'page' },
  { keys: ['Enter', 'F2'], action: 'edit' },
  { keys: ['Space'], action: 'select' },
  { keys: ['Enter'], action: 'saveAndNext' },
  { keys: ['Shift+Enter'], action: 'newLine' },
  { keys: ['Ctrl+↑', 'Ctrl+↓'], action: 'saveAndMove' },
  { keys: ['Esc'], action: 'cancel' },
  { keys: ['Ctrl+Shift+C'], action: 'copySource' },
  { keys: ['H'], action: 'history' },
  { keys: ['M'], action: 'matches' },
  { keys: ['T'], action: 'displayType' },
  { keys: ['?'], action: 'help' },
] as const;

/** An action named in the shortcut list. */
export type ShortcutAction = (typeof SHORTCUT_LIST)[number]['action'];
