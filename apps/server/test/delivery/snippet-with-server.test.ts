import { eq } from 'drizzle-orm';
import { siteVisits } from '@bhasha/db';
import { extractSegments } from '@bhasha/engine';
import { describe, expect, it } from 'vitest';
import { useSnippetOnServer } from './support/snippet-on-server';

const snippetOnServer = useSnippetOnServer();

describe('the snippet against the real server', () => {
  it('shows the customer’s page in Hindi from the translation memory, and the edited text after an edit', async () => {
    const s = snippetOnServer();
    const { context, page, html, errors } = await s.openInHindi();
    const title = extractSegments(html).find((segment) => segment.kind === 'title')!;
    expect(await page.title()).toBe(`हि: ${title.text}`);
    const heading = await page.locator('h1').first().textContent();
    expect(heading).toMatch(/^हि: /);

    const edited = s.rows.find((row) => `हि: ${row.text}` === heading)!;
    await s.writeHindi([{ sourceHash: edited.sourceHash, text: 'संपादित शीर्षक' }]);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForFunction("document.documentElement.lang === 'hi'");
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('संपादित शीर्षक');
    expect(errors).toEqual([]);

    await expect
      .poll(async () => {
        const visits = await s.f.t.handle.db
          .select()
          .from(siteVisits)
          .where(eq(siteVisits.projectId, s.projectId));
        return visits.reduce((sum, row) => sum + row.visits, 0);
      })
      .toBe(2);
    await context.close();
  });
});
