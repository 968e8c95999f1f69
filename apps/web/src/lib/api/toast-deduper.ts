/** What the client needs of antd's message API (a subset of `MessageInstance`). */
export interface ToastSink {
  open(config: {
    type: ToastKind;
    content: string;
    key: string;
    duration: number;
    onClose: () => void;
  }): unknown;
}

export type ToastKind = 'warning' | 'success' | 'error' | 'info';

export interface Toaster {
  show(kind: ToastKind, text: string): void;
  warning(text: string): void;
  success(text: string): void;
  error(text: string): void;
  /** Forgets which texts are on screen (tests, and a remounted message host). */
  reset(): void;
}

const TOAST_SECONDS = 4;

/**
 * Shows toasts without duplicates: while a text is on screen, showing it again does nothing
 * (spec §8 "toasts do not duplicate"). The text is also the antd message key, so even a
 * second sink call would replace rather than stack.
 */
export function createToaster(resolveSink: () => ToastSink): Toaster {
  const visible = new Set<string>();
  function show(kind: ToastKind, text: string): void {
    const content = text.trim();
    if (!content) return;
    const key = `${kind}:${content}`;
    if (visible.has(key)) return;
    visible.add(key);
    const forget = () => visible.delete(key);
    // Backstop: a toast whose host went away never calls onClose.
    setTimeout(forget, (TOAST_SECONDS + 1) * 1000);
    resolveSink().open({ type: kind, content, key, duration: TOAST_SECONDS, onClose: forget });
  }
  return {
    show,
    warning: (text) => show('warning', text),
    success: (text) => show('success', text),
    error: (text) => show('error', text),
    reset: () => visible.clear(),
  };
}
