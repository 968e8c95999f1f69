import { STORAGE_KEYS, type TmEntry } from '@bhasha/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { PluralEditor } from './components/plural-editor';
import { TranslationIssuesTag } from './components/translation-issues-tag';
import { entry, startWorkspaceServer } from './test/workspace-fixtures';

// NewPipe's `<plurals name="subscribers">` as an app upload stores it: one segment, an ICU plural.
const SUBSCRIBERS = '{count, plural, one {<x1/> subscriber} other {<x1/> subscribers}}';
const plural = (index: number, source: string, target = ''): TmEntry => ({
  ...entry(index, source, target ? 'MACHINE' : 'NO_TRANSLATION_AVAILABLE', target),
  kind: 'plural',
});

async function openEditor() {
  renderApp('/app/workspace/p1/hi');
  const grid = await screen.findByTestId('segment-grid', {}, { timeout: 20_000 });
  await waitFor(() => expect(within(grid).getAllByTestId('segment-row').length).toBeGreaterThan(0));
  return grid;
}

const rowsOf = (grid: HTMLElement) => within(grid).getAllByTestId('segment-row');
const categoriesIn = (element: HTMLElement) =>
  [...element.querySelectorAll('[data-category]')].map((form) => form.getAttribute('data-category'));

describe('plural strings in the editor', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.token, 'tok'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the source by form, asks for each Hindi category and saves one ICU message', async () => {
    const server = startWorkspaceServer([plural(1, SUBSCRIBERS), entry(2, 'Contact us')]);
    const grid = await openEditor();
    const row = rowsOf(grid)[0]!;
    const source = within(row).getByTestId('segment-source');
    expect(categoriesIn(source)).toEqual(['one', 'other']);
    expect(source.textContent).toContain('<x1/> subscribers');
    expect(source.textContent).not.toContain('plural');

    fireEvent.click(within(row).getByTestId('segment-target'));
    const editor = await within(row).findByTestId('plural-editor');
    // Hindi: one (0 and 1) and other, each with a count that selects it.
    expect(categoriesIn(editor)).toEqual(['one', 'other']);
    expect(editor.textContent).toContain('one e.g. 0');
    expect(editor.textContent).toContain('other e.g. 2');

    fireEvent.change(within(editor).getByTestId('plural-input-one'), { target: { value: '<x1/> सदस्य' } });
    // One form typed: the warning says which is missing.
    await waitFor(() =>
      expect(within(row).getByTestId('qa-warning').getAttribute('aria-label')).toBe(
        'The plural form “other” is missing',
      ),
    );
    const other = within(editor).getByTestId('plural-input-other');
    fireEvent.change(other, { target: { value: 'कुल <x1/> सदस्य' } });
    await waitFor(() => expect(within(row).queryByTestId('qa-warning')).toBeNull());
    fireEvent.keyDown(other, { key: 'Enter' });

    await waitFor(() => expect(server.callsTo('POST /api/translation/user/update')).toHaveLength(1));
    expect(server.callsTo('POST /api/translation/user/update')[0]!.body).toMatchObject({
      sourceHash: 'h1',
      preProcessedTarget: '{count, plural, one {<x1/> सदस्य} other {कुल <x1/> सदस्य}}',
    });
    // Saved, the translation reads form by form.
    await waitFor(() => expect(within(rowsOf(grid)[0]!).queryByTestId('plural-editor')).toBeNull());
    const target = within(rowsOf(grid)[0]!).getByTestId('segment-target');
    expect(categoriesIn(target)).toEqual(['one', 'other']);
    expect(target.textContent).toContain('कुल <x1/> सदस्य');
  }, 60_000);

  it('marks a translation without a form of the language as incomplete', async () => {
    startWorkspaceServer([plural(1, SUBSCRIBERS, '{count, plural, other {<x1/> सदस्य}}')]);
    const grid = await openEditor();
    const row = rowsOf(grid)[0]!;
    expect(within(row).getByTestId('plural-incomplete').textContent).toBe('Incomplete');
    expect(within(row).getByTestId('segment-target').textContent).toContain('No translation for this form');
    expect(within(row).getByTestId('qa-warning').getAttribute('aria-label')).toBe(
      'The plural form “one” is missing',
    );
  }, 60_000);

  it('edits a plain-text translation of a plural as text, so nothing is lost', async () => {
    startWorkspaceServer([plural(1, SUBSCRIBERS, '<x1/> सदस्य')]);
    const grid = await openEditor();
    const row = rowsOf(grid)[0]!;
    expect(within(row).getByTestId('qa-warning').getAttribute('aria-label')).toBe(
      'The source is a plural: the translation needs a form for each plural category',
    );
    fireEvent.click(within(row).getByTestId('segment-target'));
    const area = await within(row).findByTestId('target-editor');
    expect((area as HTMLTextAreaElement).value).toBe('<x1/> सदस्य');
  }, 60_000);
});

describe('placeholder warnings on website strings', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.token, 'tok'));
  afterEach(() => vi.unstubAllGlobals());

  it('flags a translation that drops or breaks a marker, with the reason, and nothing else', async () => {
    startWorkspaceServer([
      entry(1, 'Read the <x1>annual report</x1> <x2/>', 'MACHINE', 'वार्षिक रिपोर्ट पढ़ें <x2/>'),
      entry(2, 'Read the <x1>annual report</x1> <x2/>', 'MACHINE', '<x1>वार्षिक रिपोर्ट</x1> पढ़ें <x2/>'),
      entry(3, 'Contact <x1/>', 'USER', 'संपर्क <x1'),
    ]);
    const grid = await openEditor();
    const [dropped, fine, broken] = rowsOf(grid);
    const warning = within(dropped!).getByTestId('qa-warning');
    expect(warning.textContent).toBe('1 issue');
    expect(warning.getAttribute('aria-label')).toBe('Placeholder <x1>…</x1> of the source is missing');
    expect(within(fine!).queryByTestId('qa-warning')).toBeNull();
    expect(within(broken!).getByTestId('qa-warning').textContent).toBe('2 issues');

    // The check follows the text as it is typed.
    fireEvent.click(within(dropped!).getByTestId('segment-target'));
    const area = await within(dropped!).findByTestId('target-editor');
    fireEvent.change(area, { target: { value: '<x1>वार्षिक रिपोर्ट</x1> पढ़ें <x2/>' } });
    await waitFor(() => expect(within(dropped!).queryByTestId('qa-warning')).toBeNull());
  }, 60_000);
});

describe('PluralEditor', () => {
  it('asks Arabic for its six forms and copies the source into them, gaps from other', () => {
    const onChange = vi.fn();
    render(
      <PluralEditor
        value=""
        source={SUBSCRIBERS}
        targetLang="ar"
        onChange={onChange}
        onSaveAndMove={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const editor = screen.getByTestId('plural-editor');
    expect(categoriesIn(editor)).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(editor.textContent).toContain('few e.g. 3');
    expect(editor.textContent).toContain('many e.g. 11');
    expect(document.activeElement).toBe(screen.getByTestId('plural-input-zero'));

    fireEvent.keyDown(screen.getByTestId('plural-input-zero'), { key: 'c', ctrlKey: true, shiftKey: true });
    expect(onChange).toHaveBeenLastCalledWith(
      '{count, plural, zero {<x1/> subscribers} one {<x1/> subscriber} two {<x1/> subscribers} ' +
        'few {<x1/> subscribers} many {<x1/> subscribers} other {<x1/> subscribers}}',
    );
    expect(screen.getByTestId<HTMLTextAreaElement>('plural-input-one').value).toBe('<x1/> subscriber');
  });

  it('walks the forms with Tab and saves from the last one', () => {
    const onSaveAndMove = vi.fn();
    render(
      <PluralEditor
        value="{count, plural, one {<x1/> सदस्य} other {<x1/> सदस्य}}"
        source={SUBSCRIBERS}
        targetLang="hi"
        onChange={vi.fn()}
        onSaveAndMove={onSaveAndMove}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.keyDown(screen.getByTestId('plural-input-one'), { key: 'Tab' });
    expect(onSaveAndMove).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByTestId('plural-input-other'), { key: 'Tab' });
    expect(onSaveAndMove).toHaveBeenCalledWith(1);
  });
});

describe('TranslationIssuesTag', () => {
  it('words a length limit and names the plural form a problem is in', () => {
    render(
      <TranslationIssuesTag
        source="{count, plural, one {<x1/> file} other {<x1/> files}}"
        translation="{count, plural, one {<x1/> Datei} other {Dateien, sehr viele Dateien}}"
        targetLang="de"
        maxLength={12}
      />,
    );
    const tag = screen.getByTestId('qa-warning');
    expect(tag.textContent).toBe('2 issues');
    expect(tag.getAttribute('aria-label')).toBe(
      'Placeholder <x1/> of the source is missing (form “other”). 27 characters: the limit is 12 (form “other”)',
    );
  });
});
