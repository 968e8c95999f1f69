import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The built snippet, ready to serve. */
export interface SnippetBundle {
  code: Buffer;
  etag: string;
}

/** Where `npm run build -w @bhasha/snippet` writes bhasha.js. */
function bundlePath(): string | null {
  try {
    const snippetPackage = createRequire(import.meta.url).resolve('@bhasha/snippet/package.json');
    return join(dirname(snippetPackage), 'dist', 'bhasha.js');
  } catch {
    return null;
  }
}

/** Reads bhasha.js once and again only when the file changes (a rebuild while the server runs). */
export function createSnippetBundleSource(path: string | null = bundlePath()) {
  let cached: (SnippetBundle & { mtimeMs: number }) | undefined;
  return {
    /** The bundle, or undefined when it has not been built. */
    read(): SnippetBundle | undefined {
      if (!path) return undefined;
      let mtimeMs: number;
      try {
        mtimeMs = statSync(path).mtimeMs;
      } catch {
        return undefined;
      }
      if (cached?.mtimeMs !== mtimeMs) {
        const code = readFileSync(path);
        const etag = `"${createHash('sha256').update(code).digest('base64url').slice(0, 27)}"`;
        cached = { code, etag, mtimeMs };
      }
      return cached;
    },
  };
}

export type SnippetBundleSource = ReturnType<typeof createSnippetBundleSource>;
