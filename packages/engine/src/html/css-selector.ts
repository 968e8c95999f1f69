/**
 * The subset of CSS selectors (Selectors Level 4) that projects use for no-translation nodes:
 * type and universal selectors, `#id`, `.class`, attribute selectors (`[a]`, `[a=v]`, `~=`, `|=`,
 * `^=`, `$=`, `*=`), the descendant (whitespace) and child (`>`) combinators, and selector lists
 * (`,`). Anything else (pseudo-classes, sibling combinators) is refused with an error, so a
 * project setting is checked once when it is saved, not silently ignored on every page.
 */

/** An element as the selector sees it: lower-case tag name and decoded attributes. */
export interface SelectorElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
}

type AttributeOperator = '' | '=' | '~=' | '|=' | '^=' | '$=' | '*=';

interface AttributeTest {
  readonly name: string;
  readonly operator: AttributeOperator;
  readonly value: string;
}

interface CompoundSelector {
  readonly tag: string | undefined;
  readonly attributes: readonly AttributeTest[];
  /** How this compound relates to the one before it (to its left). */
  readonly combinator: ' ' | '>';
}

/** A parsed selector list; match it with `matchesSelector`. */
export type SelectorList = readonly (readonly CompoundSelector[])[];

const IDENTIFIER = String.raw`-?[_a-zA-Z\u00a0-\uffff][-_a-zA-Z0-9\u00a0-\uffff]*`;
const TOKEN = new RegExp(
  [
    String.raw`(?<space>\s*>\s*|\s+)`,
    String.raw`(?<tag>\*|${IDENTIFIER})`,
    String.raw`#(?<id>-?[-_a-zA-Z0-9\u00a0-\uffff]+)`,
    String.raw`\.(?<class>${IDENTIFIER})`,
    String.raw`\[\s*(?<attribute>[^\s~|^$*=\]]+)\s*(?:(?<operator>[~|^$*]?=)\s*(?:"(?<double>[^"]*)"|'(?<single>[^']*)'|(?<bare>[^\s\]]+))\s*)?\]`,
  ].join('|'),
  'y',
);

function parseComplexSelector(source: string, whole: string): CompoundSelector[] {
  const compounds: CompoundSelector[] = [];
  let tag: string | undefined;
  let attributes: AttributeTest[] = [];
  let combinator: ' ' | '>' = ' ';
  let isEmpty = true;
  const finishCompound = (): void => {
    if (isEmpty) throw new Error(`Unsupported selector: "${whole}"`);
    compounds.push({ tag, attributes, combinator });
    tag = undefined;
    attributes = [];
    isEmpty = true;
  };
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const match = TOKEN.exec(source);
    const groups = match?.groups;
    if (!groups) throw new Error(`Unsupported selector: "${whole}"`);
    if (groups.space !== undefined) {
      finishCompound();
      combinator = groups.space.includes('>') ? '>' : ' ';
    } else if (groups.tag !== undefined) {
      if (!isEmpty) throw new Error(`Unsupported selector: "${whole}"`);
      tag = groups.tag === '*' ? undefined : groups.tag.toLowerCase();
      isEmpty = false;
    } else if (groups.id !== undefined) {
      attributes.push({ name: 'id', operator: '=', value: groups.id });
      isEmpty = false;
    } else if (groups.class !== undefined) {
      attributes.push({ name: 'class', operator: '~=', value: groups.class });
      isEmpty = false;
    } else if (groups.attribute !== undefined) {
      const operator = (groups.operator ?? '') as AttributeOperator;
      const value = groups.double ?? groups.single ?? groups.bare ?? '';
      attributes.push({ name: groups.attribute.toLowerCase(), operator, value });
      isEmpty = false;
    }
  }
  finishCompound();
  return compounds;
}

/** Parses a selector list such as `.brand, #footer a[href^="mailto:"]`; throws on unsupported syntax. */
export function parseSelectorList(selector: string): SelectorList {
  return selector.split(',').map((part) => parseComplexSelector(part.trim(), selector));
}

/** Whether a selector is in the supported subset (use it to validate project settings). */
export function isSupportedSelector(selector: string): boolean {
  try {
    parseSelectorList(selector);
    return true;
  } catch {
    return false;
  }
}

function testAttribute(element: SelectorElement, test: AttributeTest): boolean {
  const actual = element.attributes[test.name];
  if (actual === undefined) return false;
  switch (test.operator) {
    case '':
      return true;
    case '=':
      return actual === test.value;
    case '~=':
      return test.value !== '' && actual.split(/[\t\n\f\r ]+/).includes(test.value);
    case '|=':
      return actual === test.value || actual.startsWith(`${test.value}-`);
    case '^=':
      return test.value !== '' && actual.startsWith(test.value);
    case '$=':
      return test.value !== '' && actual.endsWith(test.value);
    case '*=':
      return test.value !== '' && actual.includes(test.value);
  }
}

function matchesCompound(element: SelectorElement, compound: CompoundSelector): boolean {
  if (compound.tag !== undefined && compound.tag !== element.name) return false;
  return compound.attributes.every((test) => testAttribute(element, test));
}

// Right to left: the last compound must match the element, earlier ones its ancestors.
function matchesFrom(
  compounds: readonly CompoundSelector[],
  index: number,
  ancestors: readonly SelectorElement[],
  ancestorEnd: number,
): boolean {
  if (index < 0) return true;
  const compound = compounds[index + 1]!;
  const target = compounds[index]!;
  for (let position = ancestorEnd - 1; position >= 0; position -= 1) {
    if (
      matchesCompound(ancestors[position]!, target) &&
      matchesFrom(compounds, index - 1, ancestors, position)
    ) {
      return true;
    }
    if (compound.combinator === '>') return false;
  }
  return false;
}

/** The attribute names a selector list looks at (`#id` is `id`, `.class` is `class`). */
export function selectorAttributeNames(list: SelectorList): string[] {
  const names = new Set<string>();
  for (const compounds of list)
    for (const compound of compounds) for (const test of compound.attributes) names.add(test.name);
  return [...names];
}

/** Whether an element, given its ancestors (outermost first), matches any selector of the list. */
export function matchesSelector(
  list: SelectorList,
  element: SelectorElement,
  ancestors: readonly SelectorElement[],
): boolean {
  return list.some((compounds) => {
    const last = compounds[compounds.length - 1];
    if (!last || !matchesCompound(element, last)) return false;
    return matchesFrom(compounds, compounds.length - 2, ancestors, ancestors.length);
  });
}
