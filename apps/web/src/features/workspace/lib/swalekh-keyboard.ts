/**
 * The contract Bhasha assumes of the external Swalekh keyboard script (ADR 0022): loaded from the
 * deployment's SWALEKH_URL, it defines `window.Swalekh` with `attach(field, options)`, which turns
 * the keyboard on for one text field and returns a handle to turn it off again. The script writes
 * its output into the field and dispatches a bubbling `input` event.
 */
export interface SwalekhKeyboard {
  attach(field: SwalekhField, options: SwalekhAttachOptions): SwalekhHandle | (() => void) | void;
}

export type SwalekhField = HTMLTextAreaElement | HTMLInputElement;

export interface SwalekhAttachOptions {
  /** Bhasha's target language code (hi, mr, ta…). */
  language: string;
  /** The deployment's uiConfig keyboardMode (phonetic by default). */
  mode: string;
}

export interface SwalekhHandle {
  detach(): void;
}

/** The global the script defines. */
export const SWALEKH_GLOBAL = 'Swalekh';
export const SWALEKH_LOAD_TIMEOUT_MS = 10_000;

export const SWALEKH_FAILURES = {
  network: 'network',
  timeout: 'timeout',
  contract: 'contract',
} as const;
export type SwalekhFailure = (typeof SWALEKH_FAILURES)[keyof typeof SWALEKH_FAILURES];

export class SwalekhLoadError extends Error {
  constructor(
    readonly reason: SwalekhFailure,
    readonly url: string,
  ) {
    super(`The Swalekh keyboard script at ${url} could not be used (${reason})`);
    this.name = 'SwalekhLoadError';
  }
}

interface LoaderOptions {
  timeoutMs?: number;
  document?: Document;
}

function findKeyboard(view: Window | null): SwalekhKeyboard | null {
  const candidate = (view as unknown as Record<string, unknown> | null)?.[SWALEKH_GLOBAL];
  if (typeof candidate !== 'object' || candidate === null) return null;
  return typeof (candidate as { attach?: unknown }).attach === 'function'
    ? (candidate as SwalekhKeyboard)
    : null;
}

/**
 * A loader that adds the script of each URL to the page at most once: every caller of a URL gets
 * the same promise, also when it failed (no retry storm from every row opened for editing; a reload
 * tries again). It fails on a load error, after `timeoutMs`, or when the script does not define the
 * global.
 */
export function createSwalekhLoader({
  timeoutMs = SWALEKH_LOAD_TIMEOUT_MS,
  document: doc,
}: LoaderOptions = {}) {
  const loads = new Map<string, Promise<SwalekhKeyboard>>();

  function load(url: string): Promise<SwalekhKeyboard> {
    const page = doc ?? document;
    const already = findKeyboard(page.defaultView);
    if (already) return Promise.resolve(already);

    return new Promise<SwalekhKeyboard>((resolve, reject) => {
      const script = page.createElement('script');
      script.src = url;
      script.async = true;
      script.dataset.swalekh = '';
      const settle = (failure: SwalekhFailure | null) => {
        clearTimeout(timer);
        script.removeEventListener('load', onLoad);
        script.removeEventListener('error', onError);
        if (failure) {
          reject(new SwalekhLoadError(failure, url));
          return;
        }
        const keyboard = findKeyboard(page.defaultView);
        if (keyboard) resolve(keyboard);
        else reject(new SwalekhLoadError(SWALEKH_FAILURES.contract, url));
      };
      const onLoad = () => settle(null);
      const onError = () => settle(SWALEKH_FAILURES.network);
      const timer = setTimeout(() => settle(SWALEKH_FAILURES.timeout), timeoutMs);
      script.addEventListener('load', onLoad);
      script.addEventListener('error', onError);
      page.head.appendChild(script);
    });
  }

  return (url: string): Promise<SwalekhKeyboard> => {
    let loading = loads.get(url);
    if (!loading) {
      loading = load(url);
      loads.set(url, loading);
    }
    return loading;
  };
}

export type SwalekhLoader = ReturnType<typeof createSwalekhLoader>;

/** The page's loader: one script per URL for the whole session. */
export const loadSwalekhKeyboard: SwalekhLoader = createSwalekhLoader();

/** Attaches the keyboard and returns how to detach it, whatever form of handle the script returns. */
export function attachSwalekh(
  keyboard: SwalekhKeyboard,
  field: SwalekhField,
  options: SwalekhAttachOptions,
): () => void {
  const handle = keyboard.attach(field, options);
  if (typeof handle === 'function') return handle;
  if (handle && typeof handle.detach === 'function') return () => handle.detach();
  return () => undefined;
}
