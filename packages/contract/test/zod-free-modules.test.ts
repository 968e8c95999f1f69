import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The dashboard's first screen imports the contract's constants and helpers, and a bundler keeps
 * every top-level zod call of a module it includes. These modules, and everything they import,
 * must therefore not load zod; the schemas live in other modules.
 */
const src = resolve(import.meta.dirname, '../src');
const ZOD_FREE_ROOTS = [
  'api/envelope-constants.ts',
  'api/auth-constants.ts',
  'api/headers.ts',
  'validation/auth-fields.ts',
  ...readdirSync(join(src, 'constants'))
    .filter((name) => name.endsWith('.ts') && name !== 'language-code-schema.ts')
    .map((name) => `constants/${name}`),
];

/** The module and every module it imports from the contract's sources, transitively. */
function importClosure(root: string): string[] {
  const seen = new Set<string>();
  const pending = [join(src, root)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g))
      pending.push(`${resolve(dirname(file), match[1]!)}.ts`);
  }
  return [...seen];
}

describe('modules the first screen imports', () => {
  it.each(ZOD_FREE_ROOTS)('%s does not load zod', (root) => {
    const withZod = importClosure(root).filter((file) => /from 'zod'/.test(readFileSync(file, 'utf8')));
    expect(withZod.map((file) => file.slice(src.length + 1))).toEqual([]);
  });

  it('a module with a schema is caught', () => {
    expect(
      importClosure('api/envelope.ts').some((file) => /from 'zod'/.test(readFileSync(file, 'utf8'))),
    ).toBe(true);
  });
});
