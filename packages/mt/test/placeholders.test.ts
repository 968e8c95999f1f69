import { describe, expect, it } from 'vitest';
import { restorePlaceholders } from '../src/index';
import { maskGlossaryTerms, unmaskGlossaryTerms } from '../src/core/glossary-mask';
import { escapeOutsideTokens, decodeEntities } from '../src/core/html-escape';
import { chunkByLimits } from '../src/core/batching';
import { parseRetryAfter } from '../src/core/retry';

describe('restorePlaceholders', () => {
  it('accepts an intact answer and canonicalises mangled spellings', () => {
    expect(restorePlaceholders('Click <x1>here</x1> now', 'Haga clic < X1 >aquí< / x1 > ahora')).toEqual({
      text: 'Haga clic <x1>aquí</x1> ahora',
      status: 'translated',
      issues: [],
    });
    expect(restorePlaceholders('a <x1/> b', 'A &lt;x1/&gt; B').text).toBe('A <x1/> B');
    expect(restorePlaceholders('a <x1/> b', 'A <x1 /> B').text).toBe('A <x1/> B');
  });

  it('keeps the source edges whitespace', () => {
    expect(restorePlaceholders('  Hello ', 'Hola').text).toBe('  Hola ');
  });

  it('restores a lost empty placeholder at the edge it had in the source', () => {
    expect(restorePlaceholders('<x1/>Hello world', 'Hola mundo')).toMatchObject({
      text: '<x1/>Hola mundo',
      status: 'repaired',
    });
    expect(restorePlaceholders('Hello world<x1/>', 'Hola mundo')).toMatchObject({
      text: 'Hola mundo<x1/>',
      status: 'repaired',
    });
    const middle = restorePlaceholders('one two <x1/> three four', 'uno dos tres cuatro');
    expect(middle.status).toBe('repaired');
    expect(middle.text).toBe('uno dos <x1/>tres cuatro');
  });

  it('wraps the whole answer when a pair around the whole source was lost', () => {
    expect(restorePlaceholders('<x1>Hello world</x1>', 'Hola mundo')).toMatchObject({
      text: '<x1>Hola mundo</x1>',
      status: 'repaired',
    });
  });

  it('removes duplicates and unknown placeholders', () => {
    const result = restorePlaceholders('a <x1/> b', 'A <x1/> <x1/> B <x7>');
    expect(result.text).toBe('A <x1/>  B');
    expect(result.status).toBe('repaired');
    expect(result.issues).toHaveLength(2);
  });

  it('falls back to the source when a wrapped pair inside the sentence is lost or the order is broken', () => {
    expect(restorePlaceholders('Read <x1>the terms</x1> now', 'Lea los términos ahora')).toMatchObject({
      text: 'Read <x1>the terms</x1> now',
      status: 'source',
    });
    expect(restorePlaceholders('Read <x1>the terms</x1> now', 'Lea </x1>los términos<x1> ahora').status).toBe(
      'source',
    );
    expect(restorePlaceholders('<x1>a <x2>b</x2></x1>', '<x1>a <x2>b</x1></x2>').status).toBe('source');
    expect(restorePlaceholders('Read <x1>the terms</x1>', 'Lea <x1>los términos').status).toBe('source');
  });

  it('falls back to the source for an empty answer', () => {
    expect(restorePlaceholders('Hello', '   ')).toMatchObject({ text: 'Hello', status: 'source' });
  });

  it('moves a word back into a pair the engine emptied', () => {
    expect(restorePlaceholders('here and <x4>there</x4>.', 'aquí y allá <x4></x4>.')).toMatchObject({
      text: 'aquí y <x4>allá</x4>.',
      status: 'repaired',
    });
  });
});

describe('glossary masks', () => {
  it('masks whole-word terms after the segment placeholders, longest first, and unmasks them', () => {
    const { text, masks } = maskGlossaryTerms(
      'Use <x1>Bhasha Cloud</x1> with bhasha today. Bhashaverse stays.',
      [{ source: 'Bhasha' }, { source: 'Bhasha Cloud', target: 'भाषा क्लाउड' }],
    );
    expect(text).toBe('Use <x1><x2/></x1> with <x3/> today. Bhashaverse stays.');
    expect(masks.map((mask) => mask.replacement)).toEqual(['भाषा क्लाउड', 'bhasha']);
    expect(unmaskGlossaryTerms('Usa <x1><x2/></x1> con <x3/> hoy.', masks)).toBe(
      'Usa <x1>भाषा क्लाउड</x1> con bhasha hoy.',
    );
  });

  it('honours case-sensitive terms', () => {
    expect(maskGlossaryTerms('Apple apple', [{ source: 'Apple', caseSensitive: true }]).text).toBe(
      '<x1/> apple',
    );
  });
});

describe('escaping, batching, Retry-After', () => {
  it('escapes text but not placeholders, and decodes entities', () => {
    expect(escapeOutsideTokens('Tom & <Jerry> <x1>a</x1><x2/>')).toBe(
      'Tom &amp; &lt;Jerry&gt; <x1>a</x1><x2/>',
    );
    expect(decodeEntities('a &amp; b &lt;c&gt; &#39;d&#x27; &quot;e&quot; &nbsp;')).toBe(
      'a & b <c> \'d\' "e" \u00a0',
    );
  });

  it('cuts batches by item count and characters', () => {
    expect(chunkByLimits(['aaaa', 'bb', 'cc', 'dddddd', 'e'], (s) => s.length, 2, 6)).toEqual([
      ['aaaa', 'bb'],
      ['cc'],
      ['dddddd'],
      ['e'],
    ]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(
      parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2030, 0, 1)),
    ).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
