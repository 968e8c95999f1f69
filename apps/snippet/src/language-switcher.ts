import { UI_ATTRIBUTE } from './collect-dom-segments';
import { directionOf } from './text-direction';

// Base look; the project's CSS (snippet/pop-up/css/update) comes after it and wins.
const BASE_CSS = `.bhasha-switcher{position:fixed;right:16px;bottom:16px;z-index:2147483000;font:14px/1.4 system-ui,sans-serif}
.bhasha-switcher__button{padding:6px 12px;border:1px solid #d0d5dd;border-radius:6px;background:#fff;color:#1d2939;cursor:pointer}
.bhasha-switcher__list{position:absolute;right:0;bottom:100%;margin:0 0 4px;padding:4px 0;list-style:none;min-width:160px;max-height:60vh;overflow:auto;border:1px solid #d0d5dd;border-radius:6px;background:#fff;box-shadow:0 4px 12px rgba(0,0,0,.12)}
.bhasha-switcher__list[hidden]{display:none}
.bhasha-switcher__option{padding:6px 12px;cursor:pointer;color:#1d2939}
.bhasha-switcher__option:focus,.bhasha-switcher__option:hover{background:#eef4ff;outline:2px solid #2e5bff;outline-offset:-2px}
.bhasha-switcher__option[aria-selected=true]{font-weight:600}
.bhasha-switcher__action{margin-left:4px;padding:6px 10px;border:1px solid #d0d5dd;border-radius:6px;background:#fff;color:#1d2939;cursor:pointer}
.bhasha-switcher__action[aria-pressed=true]{background:#2e5bff;color:#fff}
.bhasha-switcher__action[hidden]{display:none}
.bhasha-suggesting body{cursor:help}
.bhasha-dialog__backdrop{position:fixed;inset:0;z-index:2147483001;background:rgba(16,24,40,.45);display:flex;align-items:center;justify-content:center;font:14px/1.4 system-ui,sans-serif}
.bhasha-dialog{background:#fff;color:#1d2939;border-radius:8px;padding:16px;width:min(480px,92vw);max-height:90vh;overflow:auto;box-shadow:0 8px 24px rgba(0,0,0,.2)}
.bhasha-dialog__title{font-size:18px;margin:0 0 8px}
.bhasha-dialog__context{margin:0 0 8px}
.bhasha-dialog__label{display:block;font-weight:600;margin:8px 0 4px}
.bhasha-dialog__input{box-sizing:border-box;width:100%;font:inherit;padding:6px;border:1px solid #d0d5dd;border-radius:6px}
.bhasha-dialog__buttons{display:flex;gap:8px;justify-content:flex-end;margin-top:12px}
.bhasha-dialog__buttons button{padding:6px 12px;border-radius:6px;border:1px solid #d0d5dd;background:#fff;cursor:pointer}
.bhasha-dialog__submit{background:#2e5bff!important;color:#fff;border-color:#2e5bff!important}`;

/** The switcher's extra buttons: suggest a better translation, leave feedback. */
export interface SwitcherActions {
  readonly suggestLabel: string;
  readonly feedbackLabel: string;
  onSuggestMode(isActive: boolean): void;
  onFeedback(button: HTMLButtonElement): void;
}

/** A language's name in that language ("हिन्दी" for hi), or its code when the browser has no name. */
function nativeName(language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language);
    return name ? name.charAt(0).toLocaleUpperCase(language) + name.slice(1) : language;
  } catch {
    return language;
  }
}

function element<K extends keyof HTMLElementTagNameMap>(
  document: Document,
  tag: K,
  attributes: Record<string, string>,
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  return created;
}

/** The language pop-up; `setCurrent` updates it when the language changes elsewhere (Bhasha.setLanguage). */
export interface LanguageSwitcher {
  setCurrent(language: string): void;
  /** Shows the suggest and feedback buttons (only while a translation is shown). */
  setActionsVisible(isVisible: boolean): void;
  /** Leaves suggestion mode (after a suggestion was sent, or the language changed). */
  endSuggestMode(): void;
  readonly suggestButton: HTMLButtonElement | undefined;
}

/**
 * A button that opens a list of languages, operable by keyboard as the WAI-ARIA "listbox" pattern
 * describes: Enter, Space or the arrows open it, arrows and Home/End move, Enter chooses, Escape
 * and Tab close it and focus goes back to the button.
 */
export function mountLanguageSwitcher(
  document: Document,
  languages: readonly string[],
  current: string,
  css: string,
  onChoose: (language: string) => void,
  actions?: SwitcherActions,
): LanguageSwitcher {
  const style = element(document, 'style', { [UI_ATTRIBUTE]: '' });
  style.textContent = `${BASE_CSS}\n${css}`;
  document.head.appendChild(style);

  const root = element(document, 'div', { [UI_ATTRIBUTE]: '', class: 'bhasha-switcher', translate: 'no' });
  const button = element(document, 'button', {
    type: 'button',
    class: 'bhasha-switcher__button',
    'aria-haspopup': 'listbox',
    'aria-expanded': 'false',
    'aria-controls': 'bhasha-languages',
  });
  const list = element(document, 'ul', {
    id: 'bhasha-languages',
    role: 'listbox',
    class: 'bhasha-switcher__list',
    'aria-label': 'Language',
    hidden: '',
  });
  const options = languages.map((language) => {
    const option = element(document, 'li', {
      role: 'option',
      class: 'bhasha-switcher__option',
      tabindex: '-1',
      lang: language,
      dir: directionOf(language),
      'data-language': language,
    });
    option.textContent = nativeName(language);
    list.appendChild(option);
    return option;
  });
  root.append(button, list);
  let suggestButton: HTMLButtonElement | undefined;
  let feedbackButton: HTMLButtonElement | undefined;
  if (actions) {
    suggestButton = element(document, 'button', {
      type: 'button',
      class: 'bhasha-switcher__action',
      'aria-pressed': 'false',
      'data-bhasha-action': 'suggest',
      hidden: '',
    });
    suggestButton.textContent = actions.suggestLabel;
    feedbackButton = element(document, 'button', {
      type: 'button',
      class: 'bhasha-switcher__action',
      'data-bhasha-action': 'feedback',
      hidden: '',
    });
    feedbackButton.textContent = actions.feedbackLabel;
    const suggest = suggestButton;
    suggest.addEventListener('click', () => {
      const isActive = suggest.getAttribute('aria-pressed') !== 'true';
      suggest.setAttribute('aria-pressed', String(isActive));
      actions.onSuggestMode(isActive);
    });
    const feedback = feedbackButton;
    feedback.addEventListener('click', () => actions.onFeedback(feedback));
    root.append(suggestButton, feedbackButton);
  }
  document.body.appendChild(root);
  const endSuggestMode = (): void => {
    if (suggestButton?.getAttribute('aria-pressed') !== 'true') return;
    suggestButton.setAttribute('aria-pressed', 'false');
    actions?.onSuggestMode(false);
  };

  let selected = current;
  const setCurrent = (language: string): void => {
    selected = language;
    button.textContent = nativeName(language);
    button.setAttribute('lang', language);
    for (const option of options)
      option.setAttribute('aria-selected', String(option.dataset.language === language));
  };
  const isOpen = (): boolean => !list.hidden;
  const close = (returnFocus: boolean): void => {
    list.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (returnFocus) button.focus();
  };
  const open = (focusIndex?: number): void => {
    list.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    const index = focusIndex ?? Math.max(0, languages.indexOf(selected));
    options[index]?.focus();
  };
  const choose = (option: HTMLElement): void => {
    const language = option.dataset.language;
    close(true);
    if (language && language !== selected) {
      setCurrent(language);
      onChoose(language);
    }
  };

  button.addEventListener('click', () => (isOpen() ? close(false) : open()));
  button.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowUp' ? options.length - 1 : undefined);
    }
  });
  list.addEventListener('click', (event) => {
    const option = (event.target as Element).closest<HTMLElement>('[role=option]');
    if (option) choose(option);
  });
  list.addEventListener('keydown', (event) => {
    const index = options.indexOf(event.target as HTMLLIElement);
    const focus = (next: number): void => {
      event.preventDefault();
      options[(next + options.length) % options.length]?.focus();
    };
    if (event.key === 'ArrowDown') focus(index + 1);
    else if (event.key === 'ArrowUp') focus(index - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(options.length - 1);
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (options[index]) choose(options[index]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  });
  document.addEventListener('click', (event) => {
    if (isOpen() && !root.contains(event.target as Node)) close(false);
  });
  setCurrent(current);
  return {
    setCurrent,
    suggestButton,
    endSuggestMode,
    setActionsVisible: (isVisible) => {
      if (!isVisible) endSuggestMode();
      for (const action of [suggestButton, feedbackButton]) if (action) action.hidden = !isVisible;
    },
  };
}
