/** Where a command writes: results to stdout (a table, or one JSON value with --json), progress to stderr on a terminal only. */
export interface Output {
  json: boolean;
  /** A result line for people (skipped with --json). */
  line(text: string): void;
  /** The command's result as one JSON value (with --json). */
  result(value: unknown): void;
  /** Progress of long work: on stderr, only when stderr is a terminal. */
  progress(text: string): void;
  /** Something a person should know (a warning): on stderr, always. */
  note(text: string): void;
}

export function makeOutput(options: {
  json: boolean;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream & { isTTY?: boolean };
  quiet?: boolean;
}): Output {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const tty = Boolean(stderr.isTTY) && !options.quiet;
  let lastProgress = '';
  const clear = () => {
    if (tty && lastProgress) {
      stderr.write('\r\u001b[2K');
      lastProgress = '';
    }
  };
  return {
    json: options.json,
    line(text) {
      if (options.json) return;
      clear();
      stdout.write(`${text}\n`);
    },
    result(value) {
      if (!options.json) return;
      clear();
      stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    },
    progress(text) {
      if (!tty || text === lastProgress) return;
      stderr.write(`\r\u001b[2K${text}`);
      lastProgress = text;
    },
    note(text) {
      clear();
      stderr.write(`${text}\n`);
    },
  };
}

/** A table of rows, columns padded to their widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [fmt(header), ...rows.map(fmt)].join('\n');
}
