import { startSnippet } from './snippet';

// The bundle's entry: everything runs inside this IIFE; `window.Bhasha` is the only global.
try {
  startSnippet(window);
} catch (error) {
  console.warn('[Bhasha] Could not start.', error);
}
