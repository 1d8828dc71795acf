#!/usr/bin/env node
// `node scripts/run.mjs <entry> [args…]`: what `npm start`, the `start:*` scripts, `admin` and
// `migrate` run. Rebuilds the compiled entries when a source changed since the last build
// (scripts/build.mjs; nothing to do, a few milliseconds, when none did), then runs the entry's
// compiled JavaScript in this same process: signals, exit codes and argv are the entry's own.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { outputOf } from '../farm/src/entries.mjs';
import { ensureBuilt, ROOT } from './build.mjs';

const [name, ...args] = process.argv.slice(2);
if (!name) {
  process.stderr.write('usage: node scripts/run.mjs <entry> [args…] (entries: farm/src/entries.mjs)\n');
  process.exit(2);
}
const output = join(ROOT, outputOf(name));
try {
  const reason = await ensureBuilt({ log: () => undefined });
  if (reason) process.stderr.write(`compiled the process entries (${reason})\n`);
} catch (err) {
  process.stderr.write(`could not compile the process entries: ${err.message}\n`);
  process.exit(1);
}
// The entry reads process.argv as if it had been started as `node <output> args…`.
process.argv = [process.argv[0] ?? process.execPath, output, ...args];
await import(pathToFileURL(output).href);
