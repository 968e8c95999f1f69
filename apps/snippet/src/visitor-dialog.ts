import { UI_ATTRIBUTE } from './collect-dom-segments';

/** A field of the dialog: a text area, a one-line input, or a 1–5 rating. */
export interface DialogField {
  readonly name: string;
  readonly label: string;
  readonly kind: 'textarea' | 'text' | 'rating';
  readonly value?: string;
  readonly required?: boolean;
  readonly maxLength?: number;
}

export interface DialogOptions {
  readonly title: string;
  /** Read-only lines shown above the fields (label and text), e.g. the original text. */
  readonly context: readonly { label: string; text: string; lang?: string }[];
  readonly fields: readonly DialogField[];
  readonly submitLabel: string;
  readonly cancelLabel: string;
  /** Sends the values; answers the message to show (the dialog closes shortly after success). */
  readonly onSubmit: (values: Record<string, string>) => Promise<{ ok: boolean; message: string }>;
  /** Where focus goes back when the dialog closes. */
  readonly returnFocusTo?: HTMLElement | null;
}

let sequence = 0;

function create<K extends keyof HTMLElementTagNameMap>(
  document: Document,
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  // Visitors' and translators' text goes in as text, never as markup.
  if (text !== undefined) element.textContent = text;
  return element;
}

/**
 * A small modal dialog (WAI-ARIA dialog pattern: labelled, focus moved in and kept in, Escape
 * closes, focus returns) built with createElement and textContent only.
 */
export function openVisitorDialog(document: Document, options: DialogOptions): { close(): void } {
  sequence += 1;
  const titleId = `bhasha-dialog-title-${sequence}`;
  const backdrop = create(document, 'div', {
    [UI_ATTRIBUTE]: '',
    class: 'bhasha-dialog__backdrop',
    translate: 'no',
  });
  const dialog = create(document, 'div', {
    role: 'dialog',
    'aria-modal': 'true',
    'aria-labelledby': titleId,
    class: 'bhasha-dialog',
  });
  const form = create(document, 'form', { class: 'bhasha-dialog__form', novalidate: '' });
  form.appendChild(create(document, 'h2', { id: titleId, class: 'bhasha-dialog__title' }, options.title));
  for (const line of options.context) {
    const block = create(document, 'div', { class: 'bhasha-dialog__context' });
    block.appendChild(create(document, 'div', { class: 'bhasha-dialog__label' }, line.label));
    block.appendChild(create(document, 'div', line.lang ? { lang: line.lang } : {}, line.text));
    form.appendChild(block);
  }
  const inputs = new Map<string, HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>();
  for (const field of options.fields) {
    const id = `bhasha-field-${sequence}-${field.name}`;
    form.appendChild(create(document, 'label', { for: id, class: 'bhasha-dialog__label' }, field.label));
    let input: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
    if (field.kind === 'rating') {
      input = create(document, 'select', { id, name: field.name });
      input.appendChild(create(document, 'option', { value: '' }, '—'));
      for (let stars = 5; stars >= 1; stars -= 1)
        input.appendChild(create(document, 'option', { value: String(stars) }, '★'.repeat(stars)));
    } else {
      input =
        field.kind === 'textarea'
          ? create(document, 'textarea', { id, name: field.name, rows: '4' })
          : create(document, 'input', { id, name: field.name, type: 'text' });
      if (field.maxLength) input.setAttribute('maxlength', String(field.maxLength));
    }
    if (field.required) input.setAttribute('required', '');
    input.value = field.value ?? '';
    input.className = 'bhasha-dialog__input';
    inputs.set(field.name, input);
    form.appendChild(input);
  }
  const status = create(document, 'p', {
    class: 'bhasha-dialog__status',
    role: 'status',
    'aria-live': 'polite',
  });
  const buttons = create(document, 'div', { class: 'bhasha-dialog__buttons' });
  const cancel = create(
    document,
    'button',
    { type: 'button', class: 'bhasha-dialog__cancel' },
    options.cancelLabel,
  );
  const submit = create(
    document,
    'button',
    { type: 'submit', class: 'bhasha-dialog__submit' },
    options.submitLabel,
  );
  buttons.append(cancel, submit);
  form.append(status, buttons);
  dialog.appendChild(form);
  backdrop.appendChild(dialog);

  const close = (): void => {
    backdrop.remove();
    document.removeEventListener('keydown', onKey, true);
    options.returnFocusTo?.focus();
  };
  const focusable = (): HTMLElement[] =>
    Array.from(dialog.querySelectorAll<HTMLElement>('textarea, input, select, button')).filter(
      (element) => !element.hasAttribute('disabled'),
    );
  function onKey(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      const all = focusable();
      const first = all[0];
      const last = all[all.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  }
  cancel.addEventListener('click', close);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values: Record<string, string> = {};
    for (const [name, input] of inputs) values[name] = input.value.trim();
    const missing = options.fields.find((field) => field.required && !values[field.name]);
    if (missing) {
      status.textContent = missing.label;
      inputs.get(missing.name)?.focus();
      return;
    }
    submit.setAttribute('disabled', '');
    void options.onSubmit(values).then(
      (answer) => {
        status.textContent = answer.message;
        if (answer.ok) setTimeout(close, 1200);
        else submit.removeAttribute('disabled');
      },
      () => submit.removeAttribute('disabled'),
    );
  });
  document.addEventListener('keydown', onKey, true);
  document.body.appendChild(backdrop);
  focusable()[0]?.focus();
  return { close };
}
