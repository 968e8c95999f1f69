import { describe, expect, it } from 'vitest';
import { commandForKey, resolveMove, type GridKey } from './grid-navigation';

const key = (value: string, modifiers: Partial<GridKey> = {}): GridKey => ({
  key: value,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('grid keyboard model', () => {
  it('moves, opens and selects while browsing', () => {
    expect(commandForKey('browsing', key('ArrowDown'))).toEqual({ kind: 'move', delta: 1 });
    expect(commandForKey('browsing', key('Tab', { shiftKey: true }))).toEqual({ kind: 'move', delta: -1 });
    expect(commandForKey('browsing', key('Enter'))).toEqual({ kind: 'edit' });
    expect(commandForKey('browsing', key(' '))).toEqual({ kind: 'toggleSelect' });
    expect(commandForKey('browsing', key('PageDown'))).toEqual({ kind: 'page', delta: 1 });
    expect(commandForKey('browsing', key('h'))).toEqual({ kind: 'openHistory' });
    // Browser shortcuts such as Ctrl+F stay the browser's.
    expect(commandForKey('browsing', key('f', { ctrlKey: true }))).toEqual({ kind: 'none' });
  });

  it('saves and moves on Enter and Tab, keeps Shift+Enter for line breaks, cancels on Esc', () => {
    expect(commandForKey('editing', key('Enter'))).toEqual({ kind: 'saveAndMove', delta: 1 });
    expect(commandForKey('editing', key('Enter', { shiftKey: true }))).toEqual({ kind: 'none' });
    expect(commandForKey('editing', key('Tab', { shiftKey: true }))).toEqual({
      kind: 'saveAndMove',
      delta: -1,
    });
    expect(commandForKey('editing', key('Escape'))).toEqual({ kind: 'cancel' });
    expect(commandForKey('editing', key('C', { ctrlKey: true, shiftKey: true }))).toEqual({
      kind: 'copySource',
    });
    // Letters type text while editing.
    expect(commandForKey('editing', key('h'))).toEqual({ kind: 'none' });
    expect(commandForKey('editing', key('ArrowDown'))).toEqual({ kind: 'none' });
  });

  it('leaves Enter to the input method while it composes', () => {
    expect(commandForKey('editing', key('Enter', { isComposing: true }))).toEqual({ kind: 'none' });
  });

  it('crosses page edges instead of stopping at them', () => {
    expect(resolveMove(3, 1, 5)).toEqual({ kind: 'row', index: 4 });
    expect(resolveMove(4, 1, 5)).toEqual({ kind: 'nextPage' });
    expect(resolveMove(0, -1, 5)).toEqual({ kind: 'previousPage' });
    expect(resolveMove(0, 1, 0)).toEqual({ kind: 'stay' });
  });
});
