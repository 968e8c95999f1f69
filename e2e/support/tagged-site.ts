import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startStaticSite, type StaticSite } from './static-site';

/** A fixture site served from a copy of its folder, to which pages carrying a script tag are added. */
export interface TaggedSite extends StaticSite {
  /**
   * Writes a copy of `page` (a path in the site, e.g. `/visit.html`) at `as` with `tag` added at
   * the end of its `<head>`, as a customer pastes the snippet; answers the copy's URL.
   */
  addTaggedCopy(page: string, as: string, tag: string): string;
  /** Writes a file at `path` in the site (folders created), as a customer uploads one; answers its URL. */
  addFile(path: string, content: string): string;
}

/**
 * Serves a copy of a fixture website folder on 127.0.0.1 (see static-site.ts), so a spec can add
 * pages with the project's snippet tag without touching the fixture itself.
 */
export async function startTaggedSite(
  root: string,
  options: { htmlDelayMs?: number } = {},
): Promise<TaggedSite> {
  const copy = mkdtempSync(join(tmpdir(), 'bhasha-e2e-site-'));
  cpSync(root, copy, { recursive: true });
  const site = await startStaticSite(copy, options);
  return {
    ...site,
    addTaggedCopy(page, as, tag) {
      const html = readFileSync(join(copy, page), 'utf8');
      if (!html.includes('</head>')) throw new Error(`${page} has no </head> to put the tag before`);
      writeFileSync(join(copy, as), html.replace('</head>', `${tag}\n</head>`));
      return `${site.origin}${as.startsWith('/') ? as : `/${as}`}`;
    },
    addFile(path, content) {
      const file = join(copy, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
      return `${site.origin}${path.startsWith('/') ? path : `/${path}`}`;
    },
    async close() {
      await site.close();
      rmSync(copy, { recursive: true, force: true });
    },
  };
}
