import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '..', '..', 'src');
const IMPORT = /^(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'/gm;

/** Every module `entry` loads, following relative imports; bare specifiers are collected apart. */
function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (specifier!.startsWith('.')) visit(resolve(dirname(file), `${specifier}.ts`));
      else packages.add(specifier!);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('@bhasha/engine/browser', () => {
  it('loads no package and no Node API, and only a handful of modules', () => {
    const { files, packages } = importGraph(resolve(SRC, 'browser.ts'));
    expect([...packages]).toEqual([]);
    expect(files.size).toBeLessThan(20);
  });

  it('answers the checks the editor runs', async () => {
    const browser = await import('@bhasha/engine/browser');
    expect(
      browser.translationIssues({ source: 'Hi <x1/>', translation: 'नमस्ते', targetLanguage: 'hi' }),
    ).toHaveLength(1);
    expect(browser.pluralCategories('hi')).toEqual(['one', 'other']);
  });
});
