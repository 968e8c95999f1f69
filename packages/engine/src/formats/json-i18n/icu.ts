/**
 * The plural and select blocks of ICU MessageFormat (`{count, plural, one {# file} other {# files}}`),
 * found by brace matching with ICU's apostrophe quoting (`'{'` is a literal brace, `''` an
 * apostrophe). A translation is written with exactly the target language's CLDR categories:
 * a missing category starts as a copy of `other`, a category the language lacks is dropped,
 * explicit `=N` branches and select branches are kept.
 */
import { PLURAL_CATEGORIES, pluralCategories } from '../plural-categories';

export interface IcuBranch {
  selector: string;
  /** The branch's message, between its braces. */
  content: string;
  /** Span of `selector {content}` in the message. */
  start: number;
  end: number;
}

export interface IcuBlock {
  argument: string;
  type: 'plural' | 'selectordinal' | 'select';
  /** Span of the whole `{arg, type, …}` block. */
  start: number;
  end: number;
  /** Text between `type,` and the first branch (an `offset:n` and its spacing). */
  head: string;
  branches: IcuBranch[];
}

const BLOCK_HEAD = /^\{\s*([\w.]+)\s*,\s*(plural|selectordinal|select)\s*,/;
const BRANCH_SELECTOR = /^\s*(=\d+|[A-Za-z_][\w-]*)\s*\{/;
const OFFSET = /^\s*offset:\s*\d+/;

/** Index of the brace closing the one at `open`, honouring ICU quoting; -1 when unbalanced. */
function closingBrace(message: string, open: number): number {
  let depth = 0;
  for (let i = open; i < message.length; i += 1) {
    const c = message[i];
    if (c === "'") {
      const next = message[i + 1];
      if (next === "'") i += 1;
      else if (next === '{' || next === '}' || next === '#' || next === '|') {
        const close = message.indexOf("'", i + 1);
        if (close === -1) return -1;
        i = close;
      }
    } else if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function readBlock(message: string, start: number): IcuBlock | null {
  const head = BLOCK_HEAD.exec(message.slice(start));
  if (!head) return null;
  const end = closingBrace(message, start);
  if (end === -1) return null;
  let at = start + head[0].length;
  const offset = OFFSET.exec(message.slice(at, end));
  const headText = offset ? offset[0] : '';
  at += headText.length;
  const branches: IcuBranch[] = [];
  for (;;) {
    const selector = BRANCH_SELECTOR.exec(message.slice(at, end));
    if (!selector) break;
    const branchStart = at + selector[0].indexOf(selector[1]!);
    const open = at + selector[0].length - 1;
    const close = closingBrace(message, open);
    if (close === -1 || close > end) return null;
    branches.push({
      selector: selector[1]!,
      content: message.slice(open + 1, close),
      start: branchStart,
      end: close + 1,
    });
    at = close + 1;
  }
  if (branches.length === 0 || message.slice(at, end).trim() !== '') return null;
  return {
    argument: head[1]!,
    type: head[2] as IcuBlock['type'],
    start,
    end: end + 1,
    head: headText,
    branches,
  };
}

/** The outermost plural, selectordinal and select blocks of a message. */
export function icuBlocks(message: string): IcuBlock[] {
  const blocks: IcuBlock[] = [];
  for (let i = 0; i < message.length; i += 1) {
    const c = message[i];
    if (c === "'" && /['{}#|]/.test(message[i + 1] ?? '')) {
      if (message[i + 1] === "'") i += 1;
      else i = Math.max(i, message.indexOf("'", i + 1));
      if (i === -1) break;
      continue;
    }
    if (c !== '{') continue;
    const block = readBlock(message, i);
    if (block) {
      blocks.push(block);
      i = block.end - 1;
    } else {
      const close = closingBrace(message, i);
      if (close === -1) break;
      i = close;
    }
  }
  return blocks;
}

/** Cheap test before the brace matching: a plural or select block names its type after a comma. */
const MAY_HAVE_BLOCK = /,\s*(?:plural|selectordinal|select)\s*,/;

export function mayHaveIcuBlocks(message: string): boolean {
  // A block opens with a brace: most texts have none, and a search for one character is cheap.
  return message.includes('{') && MAY_HAVE_BLOCK.test(message);
}

export function hasIcuPlural(message: string): boolean {
  if (!mayHaveIcuBlocks(message)) return false;
  return icuBlocks(message).some(
    (block) => block.type !== 'select' || block.branches.some((branch) => hasIcuPlural(branch.content)),
  );
}

/** The separator written between two branches, as the message already does it. */
function branchSeparator(message: string, block: IcuBlock): string {
  const [first, second] = block.branches;
  if (first && second) return message.slice(first.end, second.start);
  return ' ';
}

/**
 * The message with every plural block carrying exactly `language`'s categories (nested blocks
 * too); text outside the blocks and the blocks' own spacing are kept.
 */
export function withPluralCategories(message: string, language: string): string {
  const blocks = icuBlocks(message);
  if (blocks.length === 0) return message;
  let out = '';
  let at = 0;
  for (const block of blocks) {
    out += message.slice(at, block.start);
    out += rewriteBlock(message, block, language);
    at = block.end;
  }
  return out + message.slice(at);
}

function rewriteBlock(message: string, block: IcuBlock, language: string): string {
  const branchText = (selector: string, content: string) =>
    `${selector} {${withPluralCategories(content, language)}}`;
  const opening = message.slice(block.start, block.branches[0]!.start);
  const closing = message.slice(block.branches.at(-1)!.end, block.end);
  if (block.type === 'select') {
    const kept = block.branches.map((branch) => branchText(branch.selector, branch.content));
    return opening + kept.join(branchSeparator(message, block)) + closing;
  }
  const categories: readonly string[] = pluralCategories(
    language,
    block.type === 'plural' ? 'cardinal' : 'ordinal',
  );
  const other = block.branches.find((branch) => branch.selector === 'other') ?? block.branches.at(-1)!;
  const explicit = block.branches.filter((branch) => branch.selector.startsWith('='));
  const byCategory = new Map(block.branches.map((branch) => [branch.selector, branch.content]));
  const ordered = PLURAL_CATEGORIES.filter((category) => categories.includes(category));
  const parts = [
    ...explicit.map((branch) => branchText(branch.selector, branch.content)),
    ...ordered.map((category) => branchText(category, byCategory.get(category) ?? other.content)),
  ];
  return opening + parts.join(branchSeparator(message, block)) + closing;
}
