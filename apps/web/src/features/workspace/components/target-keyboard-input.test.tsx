import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SWALEKH_GLOBAL,
  SwalekhLoadError,
  createSwalekhLoader,
  type SwalekhKeyboard,
  type SwalekhLoader,
} from '../lib/swalekh-keyboard';
import type { SuggestCandidates } from './phonetic-input';
import { TargetKeyboardInput, type SwalekhConfig } from './target-keyboard-input';

/*
 * jsdom does not fetch scripts: the tests play the browser's part. They find the <script> the
 * loader added, define what the external script would define (its global, per the contract of
 * ADR 0022) and fire its load or error event. No network.
 */

const pageGlobals = window as unknown as Record<string, unknown>;

afterEach(() => {
  delete pageGlobals[SWALEKH_GLOBAL];
  for (const script of document.querySelectorAll('script[data-swalekh]')) script.remove();
});

function scriptsFor(url: string) {
  return [...document.querySelectorAll<HTMLScriptElement>('script[data-swalekh]')].filter(
    (script) => script.getAttribute('src') === url,
  );
}

/** What the external script does when it runs: define the global; its attach records each field. */
function defineSwalekh() {
  const detach = vi.fn();
  const attached: { field: Element; language: string; mode: string }[] = [];
  const keyboard: SwalekhKeyboard = {
    attach: vi.fn((field, options) => {
      attached.push({ field, ...options });
      return { detach };
    }),
  };
  pageGlobals[SWALEKH_GLOBAL] = keyboard;
  return { keyboard, attached, detach };
}

describe('loading the Swalekh script', () => {
  it('adds one async script per URL, shared by every caller, and resolves with the global', async () => {
    const load = createSwalekhLoader({ timeoutMs: 1_000 });
    const url = 'http://127.0.0.1:9/swalekh-a.js';
    const first = load(url);
    const second = load(url);
    expect(second).toBe(first);
    const [script, ...others] = scriptsFor(url);
    expect(others).toHaveLength(0);
    expect(script!.async).toBe(true);
    const { keyboard } = defineSwalekh();
    script!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(keyboard);
    // Later callers get the same keyboard without a new script.
    await expect(load(url)).resolves.toBe(keyboard);
    expect(scriptsFor(url)).toHaveLength(1);
  });

  it('fails with the reason: load error, timeout, or no global after loading', async () => {
    const load = createSwalekhLoader({ timeoutMs: 30 });
    const broken = load('http://127.0.0.1:9/broken.js');
    scriptsFor('http://127.0.0.1:9/broken.js')[0]!.dispatchEvent(new Event('error'));
    await expect(broken).rejects.toMatchObject({ reason: 'network' });

    const silent = load('http://127.0.0.1:9/silent.js');
    await expect(silent).rejects.toBeInstanceOf(SwalekhLoadError);
    await expect(silent).rejects.toMatchObject({ reason: 'timeout' });

    const other = load('http://127.0.0.1:9/other.js');
    scriptsFor('http://127.0.0.1:9/other.js')[0]!.dispatchEvent(new Event('load'));
    await expect(other).rejects.toMatchObject({ reason: 'contract' });

    // A failure is final for the page: no second script for the same URL.
    await expect(load('http://127.0.0.1:9/broken.js')).rejects.toMatchObject({ reason: 'network' });
    expect(scriptsFor('http://127.0.0.1:9/broken.js')).toHaveLength(1);
  });
});

const CANDIDATES: Record<string, string[]> = { ghar: ['घर', 'गहर'] };

function Harness(props: { swalekh: SwalekhConfig | null; load: SwalekhLoader; isPhoneticEnabled?: boolean }) {
  const [value, setValue] = useState('');
  const suggest: SuggestCandidates = (word) => Promise.resolve(CANDIDATES[word] ?? []);
  return (
    <>
      <TargetKeyboardInput
        value={value}
        onChange={setValue}
        swalekh={props.swalekh}
        isPhoneticEnabled={props.isPhoneticEnabled ?? true}
        suggest={suggest}
        loadSwalekh={props.load}
      >
        <textarea aria-label="Translation" value={value} onChange={(event) => setValue(event.target.value)} />
      </TargetKeyboardInput>
      <output data-testid="state">{value}</output>
    </>
  );
}

describe('the keyboard of the target cell', () => {
  it('attaches Swalekh to the field when it is on, and takes what the script writes', async () => {
    const load = createSwalekhLoader({ timeoutMs: 1_000 });
    const url = 'http://127.0.0.1:9/swalekh-b.js';
    const { unmount } = render(<Harness load={load} swalekh={{ url, language: 'hi', mode: 'phonetic' }} />);
    const field = screen.getByLabelText<HTMLTextAreaElement>('Translation');
    const { attached, detach } = defineSwalekh();
    act(() => {
      scriptsFor(url)[0]!.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(attached).toEqual([{ field, language: 'hi', mode: 'phonetic' }]));
    expect(field.closest('[data-keyboard]')?.getAttribute('data-keyboard')).toBe('swalekh');

    // The script writes into the field directly and announces it with an input event.
    act(() => {
      field.value = 'नमस्ते';
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(screen.getByTestId('state').textContent).toBe('नमस्ते');

    // The built-in list stays closed while Swalekh types.
    const user = userEvent.setup();
    await user.type(field, ' ghar');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(screen.queryByRole('listbox')).toBeNull();

    unmount();
    expect(detach).toHaveBeenCalledTimes(1);
  });

  it('falls back to the built-in phonetic keyboard with a notice when the script fails to load', async () => {
    const load = createSwalekhLoader({ timeoutMs: 1_000 });
    const url = 'http://127.0.0.1:9/missing.js';
    render(<Harness load={load} swalekh={{ url, language: 'hi', mode: 'phonetic' }} />);
    act(() => {
      scriptsFor(url)[0]!.dispatchEvent(new Event('error'));
    });
    const notice = await screen.findByTestId('swalekh-failed');
    expect(notice.getAttribute('role')).toBe('status');
    const field = screen.getByLabelText<HTMLTextAreaElement>('Translation');
    // Typing was never blocked, and the phonetic list works.
    const user = userEvent.setup();
    await user.type(field, 'ghar');
    await screen.findByRole('listbox');
    await user.keyboard(' ');
    expect(field.value).toBe('घर ');
  });

  it('uses the built-in phonetic keyboard and loads nothing when Swalekh is off', async () => {
    const load = vi.fn<SwalekhLoader>();
    render(<Harness load={load} swalekh={null} />);
    const field = screen.getByLabelText<HTMLTextAreaElement>('Translation');
    const user = userEvent.setup();
    await user.type(field, 'ghar');
    await screen.findByRole('listbox');
    expect(load).not.toHaveBeenCalled();
    expect(document.querySelector('script[data-swalekh]')).toBeNull();
    expect(screen.queryByTestId('swalekh-failed')).toBeNull();
  });
});
