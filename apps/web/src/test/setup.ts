import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../i18n/i18n';
import { appToaster } from '../lib/api/app-toaster';

// antd forms validate asynchronously and the shells load lazily: allow them time.
configure({ asyncUtilTimeout: 8000 });

// jsdom lacks the layout APIs antd's responsive components call.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

afterEach(() => {
  cleanup();
  appToaster.reset();
  window.localStorage.clear();
});
