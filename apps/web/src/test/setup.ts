import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
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
  await flushScheduledReactWork();
  if (violations.length > 0) throw new Error(violations.join('\n'));
});

// Work scheduled by the last test must also finish before the file's environment goes.
afterAll(flushScheduledReactWork);

/**
 * A lazy screen whose chunk resolves, or a query that settles, as a test ends schedules React work
 * (React's scheduler runs it in setImmediate slices, each slice may queue the next): let it run
 * while the document still exists, not after the file's environment is torn down.
 */
async function flushScheduledReactWork(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (let slice = 0; slice < 5; slice += 1) await new Promise((resolve) => setImmediate(resolve));
}
