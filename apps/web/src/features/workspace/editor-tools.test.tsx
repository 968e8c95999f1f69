import { STORAGE_KEYS } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { entry, startWorkspaceServer } from './test/workspace-fixtures';

const SEGMENTS = [
  entry(1, 'Apply online', 'MACHINE', 'ऑनलाइन आवेदन करें'),
  entry(2, 'Apply for a licence', 'MACHINE', 'लाइसेंस के लिए आवेदन करें'),
  entry(3, 'Contact us', 'USER', 'संपर्क करें'),
];

async function openEditor() {
  renderApp('/app/workspace/p1/hi');
  // The first render loads the lazy shell, which is slow on a busy machine.
  const grid = await screen.findByTestId('segment-grid', {}, { timeout: 20_000 });
  await waitFor(() => expect(within(grid).getAllByTestId('segment-row').length).toBe(3));
  return grid;
}

describe('editor tools', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.token, 'tok'));
  afterEach(() => vi.unstubAllGlobals());

  it('previews a replacement, then replaces only the ticked strings', async () => {
    const server = startWorkspaceServer(SEGMENTS);
    await openEditor();
    fireEvent.click(screen.getByRole('button', { name: /Find and replace/ }));
    const dialog = await screen.findByTestId('replace-dialog');
    fireEvent.change(within(dialog).getByLabelText('Find'), { target: { value: 'आवेदन करें' } });
    fireEvent.change(within(dialog).getByLabelText('Replace with'), { target: { value: 'आवेदन दें' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const preview = await within(dialog).findByTestId('replace-preview');
    const items = within(preview).getAllByTestId('replace-preview-item');
    expect(items).toHaveLength(2);
    // The changed part is struck out and the new one marked.
    expect(items[0]!.querySelector('del')!.textContent).toBe('करें');
    expect(items[0]!.querySelector('ins')!.textContent).toBe('दें');
    expect(server.callsTo('POST /api/translation/replace')[0]!.body).toMatchObject({ preview: true });
    // A preview changes nothing.
    expect(server.rows.get('h1')!.preProcessedTarget).toBe('ऑनलाइन आवेदन करें');

    fireEvent.click(within(preview).getAllByRole('checkbox')[1]!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace in 1 string' }));
    await waitFor(() => expect(server.rows.get('h1')!.preProcessedTarget).toBe('ऑनलाइन आवेदन दें'));
    expect(server.callsTo('POST /api/translation/replace')[1]!.body).toMatchObject({
      preview: false,
      find: 'आवेदन करें',
      replace: 'आवेदन दें',
      sourceHashes: ['h1'],
    });
    expect(server.rows.get('h2')!.preProcessedTarget).toBe('लाइसेंस के लिए आवेदन करें');
    expect(await screen.findByText('Replaced in 1 string')).toBeTruthy();
  }, 60_000);

  it('warns with the spec text when nothing matches', async () => {
    startWorkspaceServer(SEGMENTS);
    await openEditor();
    fireEvent.click(screen.getByRole('button', { name: /Find and replace/ }));
    const dialog = await screen.findByTestId('replace-dialog');
    fireEvent.change(within(dialog).getByLabelText('Find'), { target: { value: 'कुछ नहीं' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('No Strings found to replace!')).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Replace in 0 strings' }).hasAttribute('disabled'),
    ).toBe(true);
  }, 60_000);

  it('shows a segment’s revisions and restores an earlier one', async () => {
    const server = startWorkspaceServer(SEGMENTS);
    const grid = await openEditor();
    grid.focus();
    // Save a new version of the first string, so it has two.
    fireEvent.keyDown(grid, { key: 'Enter' });
    const editor = await screen.findByTestId('target-editor');
    fireEvent.change(editor, { target: { value: 'ऑनलाइन अर्जी दें' } });
    fireEvent.keyDown(editor, { key: 'Escape' });
    fireEvent.keyDown(grid, { key: 'Enter' });
    fireEvent.change(await screen.findByTestId('target-editor'), { target: { value: 'ऑनलाइन अर्जी दें' } });
    fireEvent.keyDown(screen.getByTestId('target-editor'), { key: 'Enter' });
    await waitFor(() => expect(server.rows.get('h1')!.version).toBe(2));

    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    await waitFor(() => expect(screen.queryByTestId('target-editor')).toBeNull());
    fireEvent.keyDown(grid, { key: 'h' });
    const drawer = await screen.findByTestId('revision-list');
    const revisions = await within(drawer).findAllByTestId('revision-item');
    expect(revisions).toHaveLength(2);
    expect(within(revisions[0]!).getByText('Current')).toBeTruthy();
    expect(within(revisions[1]!).getByText('ऑनलाइन आवेदन करें')).toBeTruthy();

    fireEvent.click(within(revisions[1]!).getByRole('button', { name: /Restore/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore', hidden: false }));
    await waitFor(() => expect(server.callsTo('POST /api/translation/revision/restore')).toHaveLength(1));
    expect(server.rows.get('h1')!.preProcessedTarget).toBe('ऑनलाइन आवेदन करें');
    const firstRow = within(grid).getAllByTestId('segment-row')[0]!;
    await waitFor(() =>
      expect(within(firstRow).getByTestId('segment-target').textContent).toBe('ऑनलाइन आवेदन करें'),
    );
    // The restore is itself a new version in the history.
    await waitFor(() => expect(within(drawer).getAllByTestId('revision-item')).toHaveLength(3));
  }, 90_000);

  it('marks the selected strings as no translation; human translation says why it is unavailable', async () => {
    const server = startWorkspaceServer(SEGMENTS);
    const grid = await openEditor();
    grid.focus();
    // Space selects the row under the cursor: the first two strings.
    fireEvent.keyDown(grid, { key: ' ' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: ' ' });
    const bar = await screen.findByTestId('bulk-actions');
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    expect(
      within(bar)
        .getByRole('button', { name: /Send to human translation/ })
        .hasAttribute('disabled'),
    ).toBe(true);

    fireEvent.click(within(bar).getByRole('button', { name: /Mark no translation/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.callsTo('POST /api/translation/noTranslation/mark')).toHaveLength(1));
    expect(server.callsTo('POST /api/translation/noTranslation/mark')[0]!.body).toEqual({
      projectId: 'p1',
      targetLang: 'hi',
      sourceHashes: ['h1', 'h2'],
    });
    expect(await screen.findByText('2 translations removed')).toBeTruthy();
    const rows = within(grid).getAllByTestId('segment-row');
    await waitFor(() =>
      expect(within(rows[0]!).getByTestId('segment-target').textContent).toBe('No translation yet'),
    );
    expect(within(rows[1]!).getByTestId('translation-type-tag').textContent).toBe('New');
    expect(within(rows[2]!).getByTestId('segment-target').textContent).toBe('संपर्क करें');
    // The selection is done with; the counts are asked for again.
    await waitFor(() => expect(screen.queryByTestId('bulk-actions')).toBeNull());
    expect(server.rows.get('h2')!.translationType).toBe('NO_TRANSLATION_AVAILABLE');
  }, 60_000);

  it('shows memory matches for the active string and inserts one into the editor', async () => {
    const server = startWorkspaceServer(SEGMENTS);
    const grid = await openEditor();
    grid.focus();
    fireEvent.keyDown(grid, { key: 'm' });
    const panel = await screen.findByTestId('fuzzy-match-panel');
    const match = await within(panel).findByTestId('fuzzy-match');
    expect(match.querySelector('del')!.textContent).toBe(' now');
    expect(server.callsTo('POST /api/translation/tm/fuzzy')[0]!.body).toMatchObject({
      sourceHash: 'h1',
      threshold: 75,
    });
    fireEvent.click(within(match).getByRole('button', { name: /Insert/ }));
    const editor = await screen.findByTestId('target-editor');
    expect((editor as HTMLTextAreaElement).value).toBe('अभी ऑनलाइन आवेदन करें');
    fireEvent.keyDown(editor, { key: 'Enter' });
    await waitFor(() => expect(server.rows.get('h1')!.preProcessedTarget).toBe('अभी ऑनलाइन आवेदन करें'));
  }, 60_000);
});
