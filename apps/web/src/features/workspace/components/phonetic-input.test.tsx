import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
    expect(options.map((o) => o.textContent)).toEqual(CANDIDATES.namaste);
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

  it('is offered for keyboard languages only', () => {
    expect(isPhoneticLanguage('hi')).toBe(true);
    expect(isPhoneticLanguage('ta')).toBe(true);
    expect(isPhoneticLanguage('en')).toBe(false);
    expect(isPhoneticLanguage('es')).toBe(false);
  });
});
