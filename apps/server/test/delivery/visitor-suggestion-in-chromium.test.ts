import { describe, expect, it } from 'vitest';
import { useSnippetOnServer } from './support/snippet-on-server';

const snippetOnServer = useSnippetOnServer();

describe('a visitor suggests a better translation through the snippet', () => {
  it('clicks a translated heading in suggestion mode, sends a suggestion, and it shows up in suggestion/filter', async () => {
    const s = snippetOnServer();
    const { page, errors } = await s.openInHindi();

    const suggest = page.getByRole('button', { name: 'Suggest a translation' });
    await suggest.click();
    expect(await suggest.getAttribute('aria-pressed')).toBe('true');
    const heading = page.locator('h1').first();
    const shown = (await heading.textContent())!;
    await heading.click();
    const dialog = page.getByRole('dialog', { name: 'Suggest a better translation' });
    await dialog.waitFor();
    const field = dialog.getByLabel('Your translation');
    expect(await field.inputValue()).toBe(shown.trim());
    // Keyboard: focus starts in the dialog, on the translation.
    expect(await page.evaluate("document.activeElement && document.activeElement.getAttribute('name')")).toBe(
      'text',
    );
    await field.fill('जित्सी पुस्तिका');
    await dialog.getByLabel('Your name or e-mail (optional)').fill('Asha');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toBe('Thank you: your suggestion was sent');

    const list = await s.f.post('/suggestion/filter', {
      projectId: s.projectId,
      targetLang: 'hi',
      status: 'new',
    });
    expect(list.statusCode, list.body).toBe(200);
    const [suggestion] = list.json().data.suggestions as Record<string, unknown>[];
    expect(suggestion).toMatchObject({
      suggestion: 'जित्सी पुस्तिका',
      currentTarget: shown.trim(),
      status: 'new',
      suggestedBy: 'Asha',
    });
    expect(`हि: ${String(suggestion!.source)}`).toBe(shown.trim());
    await dialog.waitFor({ state: 'detached' });
    expect(await suggest.getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
  });
});
