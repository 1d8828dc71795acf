#!/usr/bin/env node
// Bundles the CLI into one file, dist/pressroom.mjs, with no runtime dependency: what `npm pack`
// ships and what the package's `bin` runs. The few model constants it uses are bundled in.
import { chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));
export const OUTPUT = join(HERE, 'dist', 'pressroom.mjs');

export async function buildCli() {
  await build({
    absWorkingDir: HERE,
    entryPoints: ['src/bin.ts'],
    outfile: OUTPUT,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    banner: { js: '#!/usr/bin/env node' },
    legalComments: 'none',
    logLevel: 'warning',
  });
  chmodSync(OUTPUT, 0o755);
  return OUTPUT;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
