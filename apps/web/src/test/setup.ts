import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../i18n/i18n';
import { appToaster } from '../lib/api/app-toaster';
import { takeContractViolations } from './contract-replies';

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

afterEach(async () => {
  const violations = takeContractViolations();
  cleanup();
  appToaster.reset();
  window.localStorage.clear();
  // A lazy screen whose chunk resolves as a test ends schedules React work (setImmediate): let it
  // run while the document still exists, not after the file's environment is torn down.
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (violations.length > 0) throw new Error(violations.join('\n'));
});
