/** One run of a word-level diff. */
export interface DiffSpan {
  /** `equal`: in both; `delete`: only in the memory's text; `insert`: only in the text being translated. */
  readonly op: 'equal' | 'insert' | 'delete';
  readonly text: string;
}

/** Words, and the runs of spaces or punctuation between them, as separate tokens. */
const TOKEN = /[\p{L}\p{M}\p{N}_]+|\s+|[^\p{L}\p{M}\p{N}_\s]/gu;

/** Beyond this many token pairs the diff is one delete and one insert (keeps the table small). */
const MAX_CELLS = 250_000;

/**
 * How the memory's text (`from`) differs from the text being translated (`to`), word by word, for
 * highlighting in a fuzzy-match panel: the longest common subsequence of tokens, with adjacent runs
 * of one kind merged. Joining the `equal` and `delete` spans gives `from`; `equal` and `insert`, `to`.
 */
export function diffWords(from: string, to: string): DiffSpan[] {
  const a = from.match(TOKEN) ?? [];
  const b = to.match(TOKEN) ?? [];
  // Common head and tail need no table.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail += 1;
  }
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const spans: DiffSpan[] = [];
  const push = (op: DiffSpan['op'], text: string) => {
    if (!text) return;
    const previous = spans[spans.length - 1];
    if (previous?.op === op) spans[spans.length - 1] = { op, text: previous.text + text };
    else spans.push({ op, text });
  };
  push('equal', a.slice(0, head).join(''));
  for (const span of middleDiff(midA, midB)) push(span.op, span.text);
  push('equal', a.slice(a.length - tail).join(''));
  return reorderReplacements(spans);
}

function middleDiff(a: string[], b: string[]): DiffSpan[] {
  if (a.length === 0 || b.length === 0 || a.length * b.length > MAX_CELLS) {
    return [
      { op: 'delete', text: a.join('') },
      { op: 'insert', text: b.join('') },
    ];
  }
  const columns = b.length + 1;
  const lcs = new Uint16Array((a.length + 1) * columns);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i * columns + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * columns + j + 1]! + 1
          : Math.max(lcs[(i + 1) * columns + j]!, lcs[i * columns + j + 1]!);
    }
  }
  const spans: DiffSpan[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      spans.push({ op: 'equal', text: a[i]! });
      i += 1;
      j += 1;
    } else if (j < b.length && (i === a.length || lcs[i * columns + j + 1]! >= lcs[(i + 1) * columns + j]!)) {
      spans.push({ op: 'insert', text: b[j]! });
      j += 1;
    } else {
      spans.push({ op: 'delete', text: a[i]! });
      i += 1;
    }
  }
  return spans;
}

/** Merges runs and puts each deletion before the insertion that replaces it, as readers expect. */
function reorderReplacements(spans: DiffSpan[]): DiffSpan[] {
  const out: DiffSpan[] = [];
  let deleted = '';
  let inserted = '';
  const flush = () => {
    if (deleted) out.push({ op: 'delete', text: deleted });
    if (inserted) out.push({ op: 'insert', text: inserted });
    deleted = '';
    inserted = '';
  };
  for (const span of spans) {
    if (span.op === 'delete') deleted += span.text;
    else if (span.op === 'insert') inserted += span.text;
    else {
      flush();
      const previous = out[out.length - 1];
      if (previous?.op === 'equal') out[out.length - 1] = { op: 'equal', text: previous.text + span.text };
      else out.push(span);
    }
  }
  flush();
  return out;
}
