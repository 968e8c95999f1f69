import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { placeCandidateList } from '../lib/caret-position';
import { PhoneticInput, isPhoneticLanguage, type SuggestCandidates } from './phonetic-input';

const CANDIDATES: Record<string, string[]> = {
  namaste: ['नमस्ते', 'नमस्टे', 'नामस्ते'],
  ghar: ['घर', 'गहर', 'घार'],
};

/** A field like the editor's: Enter saves and Esc cancels unless the candidate list took the key. */
function Harness({ suggest, onFieldKey }: { suggest: SuggestCandidates; onFieldKey: (key: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <PhoneticInput enabled value={value} onChange={setValue} suggest={suggest} debounceMs={10}>
      <textarea
        aria-label="Translation"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === 'Escape') {
            event.preventDefault();
            onFieldKey(event.key);
          }
        }}
      />
    </PhoneticInput>
  );
}

function setup() {
  const asked: string[] = [];
  const suggest = vi.fn<SuggestCandidates>((word) => {
    asked.push(word);
    return Promise.resolve(CANDIDATES[word.toLowerCase()] ?? []);
  });
  const onFieldKey = vi.fn();
  render(<Harness suggest={suggest} onFieldKey={onFieldKey} />);
  return {
    user: userEvent.setup(),
    field: screen.getByLabelText<HTMLTextAreaElement>('Translation'),
    asked,
    onFieldKey,
  };
}

describe('the phonetic keyboard in the target field', () => {
  it('lists ranked candidates for the Roman word and Space takes the first', async () => {
    const { user, field, asked, onFieldKey } = setup();
    await user.click(field);
    await user.keyboard('namaste');
    const list = await screen.findByRole('listbox');
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(CANDIDATES.namaste!.map((c, i) => `${i + 1}${c}`));
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    // Debounced: not one request per letter.
    expect(asked.length).toBeLessThan('namaste'.length);

    await user.keyboard(' ');
    expect(field.value).toBe('नमस्ते ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(onFieldKey).not.toHaveBeenCalled();
  });

  it('arrows move the choice and Enter takes it without reaching the field (no save)', async () => {
    const { user, field, onFieldKey } = setup();
    await user.click(field);
    await user.keyboard('ghar');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const options = screen.getAllByRole('option');
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await user.keyboard('{Enter}');
    expect(field.value).toBe('गहर');
    expect(onFieldKey).not.toHaveBeenCalled();
    // With no list open, Enter is the field's again (save and move).
    await user.keyboard('{Enter}');
    expect(onFieldKey).toHaveBeenCalledWith('Enter');
  });

  it('Esc closes the list and keeps the Roman letters; the next word opens it again', async () => {
    const { user, field, onFieldKey } = setup();
    await user.click(field);
    await user.keyboard('namaste');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field.value).toBe('namaste');
    expect(onFieldKey).not.toHaveBeenCalled();
    // The dismissed word stays closed; a new word is offered again, and a click picks.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard(' ghar');
    const list = await screen.findByRole('listbox');
    await user.click(within(list).getByRole('option', { name: 'घार' }));
    expect(field.value).toBe('namaste घार');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('Tab takes the highlighted candidate and digits take the numbered one, without reaching the field', async () => {
    const { user, field, onFieldKey } = setup();
    await user.click(field);
    await user.keyboard('ghar');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Tab}');
    expect(field.value).toBe('गहर');
    expect(document.activeElement).toBe(field);
    await user.keyboard(' namaste');
    const list = await screen.findByRole('listbox');
    // Numbers are shown beside the options but are not part of their names.
    expect(within(list).getAllByRole('option')[2]!.textContent).toBe('3नामस्ते');
    expect(within(list).getByRole('option', { name: 'नामस्ते' })).toBeTruthy();
    await user.keyboard('3');
    expect(field.value).toBe('गहर नामस्ते');
    // A digit past the list's length is typed, not taken (and ends the Roman word).
    await user.keyboard(' ghar');
    await screen.findByRole('listbox');
    await user.keyboard('7');
    expect(field.value).toBe('गहर नामस्ते ghar7');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(onFieldKey).not.toHaveBeenCalled();
  });

  it('places the open list at the measured caret position, not hidden', async () => {
    const { user, field } = setup();
    await user.click(field);
    await user.keyboard('namaste');
    const list = await screen.findByRole('listbox');
    // jsdom lays nothing out (all boxes are 0): the caret is at the viewport's top-left corner.
    await waitFor(() => expect(list.getAttribute('data-side')).toBe('below'));
    expect(list.style.visibility).toBe('');
    expect(list.style.left).toBe('8px');
    expect(list.style.top).toBe('4px');
  });

  it('closes a list as soon as the word changes, so Space never takes a stale candidate', async () => {
    const resolvers = new Map<string, (candidates: string[]) => void>();
    const suggest = vi.fn<SuggestCandidates>(
      (word) => new Promise((resolve) => resolvers.set(word, resolve)),
    );
    function Slow() {
      const [value, setValue] = useState('');
      return (
        <PhoneticInput enabled value={value} onChange={setValue} suggest={suggest} debounceMs={10}>
          <textarea
            aria-label="Translation"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </PhoneticInput>
      );
    }
    render(<Slow />);
    const user = userEvent.setup();
    const field = screen.getByLabelText<HTMLTextAreaElement>('Translation');
    await user.click(field);
    await user.keyboard('gha');
    await waitFor(() => expect(resolvers.has('gha')).toBe(true));
    act(() => resolvers.get('gha')!(['घा']));
    await screen.findByRole('listbox');
    // Typing goes on; the answer for the longer word has not come yet.
    await user.keyboard('r');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard(' ');
    expect(field.value).toBe('ghar ');
  });

  it('is offered for keyboard languages only', () => {
    expect(isPhoneticLanguage('hi')).toBe(true);
    expect(isPhoneticLanguage('ta')).toBe(true);
    expect(isPhoneticLanguage('en')).toBe(false);
    expect(isPhoneticLanguage('es')).toBe(false);
  });
});

describe('placing the candidate list under the caret', () => {
  const viewport = { width: 1000, height: 800 };
  const list = { width: 200, height: 150 };

  it('puts its left edge at the caret, just under the caret line', () => {
    expect(placeCandidateList({ caret: { left: 300, top: 100, height: 20 }, list, viewport })).toEqual({
      left: 300,
      top: 124,
      side: 'below',
    });
  });

  it('shifts left to stay inside the right edge, never past the left margin', () => {
    expect(placeCandidateList({ caret: { left: 950, top: 100, height: 20 }, list, viewport }).left).toBe(792);
    expect(placeCandidateList({ caret: { left: 2, top: 100, height: 20 }, list, viewport }).left).toBe(8);
    const narrow = { width: 150, height: 800 };
    expect(
      placeCandidateList({ caret: { left: 100, top: 100, height: 20 }, list, viewport: narrow }).left,
    ).toBe(8);
  });

  it('flips above the caret line near the bottom of the viewport', () => {
    expect(placeCandidateList({ caret: { left: 300, top: 700, height: 20 }, list, viewport })).toEqual({
      left: 300,
      top: 546,
      side: 'above',
    });
  });

  it('stays below, pulled up into view, when it fits on neither side', () => {
    const tall = { width: 200, height: 500 };
    const small = { width: 1000, height: 600 };
    expect(
      placeCandidateList({ caret: { left: 300, top: 300, height: 20 }, list: tall, viewport: small }),
    ).toEqual({
      left: 300,
      top: 92,
      side: 'below',
    });
  });

  it('honours the gap and margin it is given', () => {
    expect(
      placeCandidateList({ caret: { left: 0, top: 10, height: 16 }, list, viewport, gap: 0, margin: 0 }),
    ).toEqual({ left: 0, top: 26, side: 'below' });
  });
});
