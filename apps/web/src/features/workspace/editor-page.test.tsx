import { STORAGE_KEYS } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { entry, startWorkspaceServer } from './test/workspace-fixtures';

const SEGMENTS = [
  entry(1, 'Welcome to the ministry'),
  entry(2, 'Apply for a licence', 'MACHINE', 'लाइसेंस के लिए आवेदन करें'),
  entry(3, 'Contact us'),
  entry(4, 'Annual report', 'USER', 'वार्षिक रिपोर्ट'),
];

async function openEditor(path = '/app/workspace/p1/hi') {
  renderApp(path);
  // The first render loads the lazy shell, which is slow on a busy machine.
  const grid = await screen.findByTestId('segment-grid', {}, { timeout: 20_000 });
  await waitFor(() => expect(within(grid).getAllByTestId('segment-row').length).toBeGreaterThan(0));
  return grid;
}

const rowsOf = (grid: HTMLElement) => within(grid).getAllByTestId('segment-row');
const key = (target: Element, value: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(target, { key: value, ...init });

describe('translation editor', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.token, 'tok'));
  afterEach(() => vi.unstubAllGlobals());

  it('edits with the keyboard alone: Enter saves and opens the next row, Esc cancels', async () => {
    const server = startWorkspaceServer(SEGMENTS);
    const grid = await openEditor();
    expect(rowsOf(grid)).toHaveLength(4);
    grid.focus();

    key(grid, 'Enter');
    const first = await screen.findByTestId('target-editor');
    fireEvent.change(first, { target: { value: 'मंत्रालय में आपका स्वागत है' } });
    key(first, 'Enter');

    // The next row opens at once; the save runs in the background.
    await waitFor(() => expect(within(rowsOf(grid)[1]!).getByTestId('target-editor')).toBeTruthy());
    await waitFor(() => expect(server.callsTo('POST /api/translation/user/update')).toHaveLength(1));
    expect(server.callsTo('POST /api/translation/user/update')[0]!.body).toMatchObject({
      projectId: 'p1',
      targetLang: 'hi',
      sourceHash: 'h1',
      preProcessedTarget: 'मंत्रालय में आपका स्वागत है',
      displayType: 'translation',
      version: 0,
    });
    await waitFor(() =>
      expect(within(rowsOf(grid)[0]!).getByTestId('translation-type-tag').textContent).toBe('Self'),
    );

    // Unchanged text: Enter moves on without a call.
    key(within(rowsOf(grid)[1]!).getByTestId('target-editor'), 'Enter');
    const third = await waitFor(() => within(rowsOf(grid)[2]!).getByTestId('target-editor'));
    fireEvent.change(third, { target: { value: 'thrown away' } });
    key(third, 'Escape');
    await waitFor(() => expect(screen.queryByTestId('target-editor')).toBeNull());
    expect(within(rowsOf(grid)[2]!).getByTestId('segment-target').textContent).toBe('No translation yet');
    expect(server.callsTo('POST /api/translation/user/update')).toHaveLength(1);
    expect(document.activeElement).toBe(grid);

    // Arrows move the cursor; Enter opens the row under it.
    key(grid, 'ArrowDown');
    expect(rowsOf(grid)[3]!.getAttribute('aria-current')).toBe('true');
    key(grid, 'ArrowUp');
    key(grid, 'ArrowUp');
    expect(rowsOf(grid)[1]!.getAttribute('aria-current')).toBe('true');
    key(grid, 'Enter');
    const second = await waitFor(() => within(rowsOf(grid)[1]!).getByTestId('target-editor'));
    expect((second as HTMLTextAreaElement).value).toBe('लाइसेंस के लिए आवेदन करें');
    // Shift+Tab saves and goes up.
    fireEvent.change(second, { target: { value: 'लाइसेंस हेतु आवेदन' } });
    key(second, 'Tab', { shiftKey: true });
    await waitFor(() => expect(within(rowsOf(grid)[0]!).getByTestId('target-editor')).toBeTruthy());
    await waitFor(() => expect(server.rows.get('h2')!.preProcessedTarget).toBe('लाइसेंस हेतु आवेदन'));
    expect(server.rows.get('h2')!.translationType).toBe('USER');
  }, 90_000);

  it('keeps the typed text and marks the row when a save fails', async () => {
    const server = startWorkspaceServer(SEGMENTS, { failUpdatesOf: 'h1' });
    const grid = await openEditor();
    grid.focus();
    key(grid, 'Enter');
    const editor = await screen.findByTestId('target-editor');
    fireEvent.change(editor, { target: { value: 'नहीं बचा' } });
    key(editor, 'Enter');
    await within(rowsOf(grid)[0]!).findByTestId('row-save-failed');
    expect(within(rowsOf(grid)[0]!).getByTestId('segment-target').textContent).toBe('नहीं बचा');
    expect(await screen.findByText('Error:User Translation update failed')).toBeTruthy();
    expect(server.rows.get('h1')!.preProcessedTarget).toBe('');
  });

  it('lists the shortcuts in the help pop-over', async () => {
    startWorkspaceServer(SEGMENTS);
    const grid = await openEditor();
    grid.focus();
    key(grid, '?');
    const help = await screen.findByTestId('shortcuts-help');
    expect(within(help).getByText('While editing: save and edit the next string')).toBeTruthy();
    expect(within(help).getByText('While editing: cancel the change')).toBeTruthy();
  });

  it('filters by the spec labels and searches, keeping the filter in the address', async () => {
    const server = startWorkspaceServer(SEGMENTS);
    const grid = await openEditor();

    fireEvent.click(screen.getByText('New Content Available'));
    await waitFor(() => expect(rowsOf(grid)).toHaveLength(2));
    expect(server.callsTo('POST /api/translation/filter').at(-1)!.body).toMatchObject({
      newContent: true,
      pageNumber: 1,
    });
    expect(rowsOf(grid).map((row) => within(row).getByTestId('segment-source').textContent)).toEqual([
      'Welcome to the ministry',
      'Contact us',
    ]);

    fireEvent.click(screen.getByText('Machine Translated'));
    await waitFor(() => expect(rowsOf(grid)).toHaveLength(1));
    expect(server.callsTo('POST /api/translation/filter').at(-1)!.body).toMatchObject({ types: ['MACHINE'] });

    fireEvent.click(screen.getByText('Self Translated'));
    await waitFor(() =>
      expect(within(rowsOf(grid)[0]!).getByTestId('segment-source').textContent).toBe('Annual report'),
    );

    fireEvent.click(screen.getByText('All'));
    const search = screen.getByRole('searchbox', { name: 'Search text' });
    fireEvent.change(search, { target: { value: 'contact' } });
    key(search, 'Enter');
    await waitFor(() => expect(rowsOf(grid)).toHaveLength(1));
    expect(server.callsTo('POST /api/translation/filter').at(-1)!.body).toMatchObject({
      searchText: 'contact',
      searchIn: 'both',
    });
    expect(screen.getByText('Translated Strings')).toBeTruthy();
    expect(screen.getByText('Transliterated Strings')).toBeTruthy();
  });

  it('puts the cursor back on the first row when the filter changes', async () => {
    startWorkspaceServer(SEGMENTS);
    const grid = await openEditor();
    grid.focus();
    key(grid, 'ArrowDown');
    key(grid, 'ArrowDown');
    await waitFor(() => expect(rowsOf(grid)[2]!.getAttribute('aria-current')).toBe('true'));

    fireEvent.click(screen.getByText('New Content Available'));
    await waitFor(() => expect(rowsOf(grid)).toHaveLength(2));
    // Index 2 no longer exists; the cursor must start at the top, not at the clamped last row.
    expect(rowsOf(grid)[0]!.getAttribute('aria-current')).toBe('true');
    key(grid, 'Enter');
    const editor = await screen.findByTestId('target-editor');
    expect(rowsOf(grid)[0]!.contains(editor)).toBe(true);
  });

  it('does not skip rows when saved strings leave the New Content filter at a page end', async () => {
    const many = Array.from({ length: 30 }, (_, index) => entry(index + 1, `String number ${index + 1}`));
    const server = startWorkspaceServer(many);
    const grid = await openEditor('/app/workspace/p1/hi?type=newContent&size=25');
    expect(rowsOf(grid)).toHaveLength(25);
    grid.focus();
    // Go to the last row of the page and translate it.
    fireEvent.click(rowsOf(grid)[24]!);
    key(grid, 'Enter');
    const editor = await screen.findByTestId('target-editor');
    fireEvent.change(editor, { target: { value: 'पच्चीस' } });
    key(editor, 'Enter');
    // String 25 left the filter, so page 1 fetched again holds string 26 last, opened for editing.
    await waitFor(() => {
      const open = screen.getByTestId('target-editor').closest('[data-testid="segment-row"]')!;
      expect(within(open as HTMLElement).getByTestId('segment-source').textContent).toBe('String number 26');
    });
    expect(server.rows.get('h25')!.translationType).toBe('USER');
  }, 60_000);

  it('PageDown and PageUp under New Content neither skip nor repeat rows after saves', async () => {
    const many = Array.from({ length: 60 }, (_, index) => entry(index + 1, `String number ${index + 1}`));
    const server = startWorkspaceServer(many);
    const grid = await openEditor('/app/workspace/p1/hi?type=newContent&size=25');
    const sources = () => rowsOf(grid).map((row) => within(row).getByTestId('segment-source').textContent);
    grid.focus();
    // Translate strings 3 and 5: they leave the filter, so the server's page 2 by offset would start at 28.
    for (const index of [2, 4]) {
      fireEvent.click(rowsOf(grid)[index]!);
      key(grid, 'Enter');
      const editor = await screen.findByTestId('target-editor');
      fireEvent.change(editor, { target: { value: `अनुवाद ${index + 1}` } });
      // Enter saves and opens the next row; Esc leaves it.
      key(editor, 'Enter');
      await waitFor(() => expect(within(rowsOf(grid)[index + 1]!).getByTestId('target-editor')).toBeTruthy());
      key(screen.getByTestId('target-editor'), 'Escape');
      await waitFor(() => expect(screen.queryByTestId('target-editor')).toBeNull());
    }
    await waitFor(() => expect(server.rows.get('h5')!.translationType).toBe('USER'));

    key(grid, 'PageDown');
    await waitFor(() => expect(sources()[0]).toBe('String number 26'));
    expect(sources()).toEqual(Array.from({ length: 25 }, (_, i) => `String number ${i + 26}`));
    expect(server.callsTo('POST /api/translation/filter').at(-1)!.body).toMatchObject({ after: '25' });
    expect(rowsOf(grid)[0]!.getAttribute('aria-current')).toBe('true');

    key(grid, 'PageDown');
    await waitFor(() => expect(sources()[0]).toBe('String number 51'));
    expect(sources()).toHaveLength(10);

    // Back up twice: every string still in the filter, in order, none twice.
    key(grid, 'PageUp');
    await waitFor(() => expect(sources()[0]).toBe('String number 26'));
    key(grid, 'PageUp');
    await waitFor(() => expect(sources()[0]).toBe('String number 1'));
    expect(sources()).toEqual(
      Array.from({ length: 25 }, (_, i) => `String number ${i + 1}`).filter(
        (text) => text !== 'String number 3' && text !== 'String number 5',
      ),
    );
    expect(screen.getByTitle('1').className).toContain('ant-pagination-item-active');
  }, 90_000);
});
