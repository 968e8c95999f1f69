/** Where a command writes: results to stdout (JSON with --json), progress and errors to stderr. */
export interface Output {
  readonly json: boolean;
  /** A line of human-readable result (nothing in --json mode). */
  line(text?: string): void;
  /** The command's result as one JSON document (only in --json mode). */
  result(value: unknown): void;
  /** A table of rows under a header, columns padded. */
  table(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): void;
  /** A note on stderr (progress, warnings), in --json mode too. */
  note(text: string): void;
  error(text: string): void;
  success(text: string): void;
  progress(label: string): Progress;
}

export interface Progress {
  update(done: number, total: number): void;
  finish(): void;
}

interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export function createOutput(options: {
  json: boolean;
  stdout: Stream;
  stderr: Stream;
  env: NodeJS.ProcessEnv;
}): Output {
  const { json, stdout, stderr, env } = options;
  // Colour and redrawn bars only on a terminal: CI logs and pipes get plain lines.
  const color = Boolean(stderr.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb';
  const paint = (code: number, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  return {
    json,
    line(text = '') {
      if (!json) stdout.write(`${text}\n`);
    },
    result(value) {
      if (json) stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    },
    table(header, rows) {
      if (json) return;
      const cells = [header, ...rows].map((row) => row.map(String));
      const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)));
      for (const [index, row] of cells.entries()) {
        const text = row
          .map((cell, column) => cell.padEnd(widths[column] ?? 0))
          .join('  ')
          .trimEnd();
        stdout.write(`${index === 0 ? paint(1, text) : text}\n`);
      }
    },
    note(text) {
      stderr.write(`${text}\n`);
    },
    error(text) {
      stderr.write(`${paint(31, 'error')}: ${text}\n`);
    },
    success(text) {
      if (!json) stdout.write(`${paint(32, '✔')} ${text}\n`);
    },
    progress(label) {
      let last = '';
      return {
        update(done, total) {
          const share = total > 0 ? Math.min(1, done / total) : 0;
          if (color) {
            const width = Math.max(10, Math.min(40, (stderr.columns ?? 80) - label.length - 24));
            const filled = Math.round(share * width);
            stderr.write(
              `\r${label} ${paint(36, '█'.repeat(filled))}${'░'.repeat(width - filled)} ${Math.round(share * 100)}% ${done}/${total}`,
            );
            return;
          }
          // Without a terminal, a line at each tenth: a CI log shows the run moving without flooding.
          const step = `${Math.floor(share * 10) * 10}%`;
          if (step !== last) {
            last = step;
            stderr.write(`${label}: ${done}/${total} (${step})\n`);
          }
        },
        finish() {
          if (color) stderr.write('\n');
        },
      };
    },
  };
}
