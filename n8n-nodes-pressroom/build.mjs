#!/usr/bin/env node
// Builds what n8n loads (the package.json `n8n` section): each credential and node as one CommonJS
// file under dist/, our shared transport bundled in, n8n-workflow left to the n8n that loads it
// (a peer dependency), plus the node icon.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));
export const ENTRIES = [
  'credentials/PressroomApi.credentials.ts',
  'nodes/Pressroom/Pressroom.node.ts',
  'nodes/Pressroom/PressroomTrigger.node.ts',
];

export async function buildNode() {
  await build({
    absWorkingDir: HERE,
    entryPoints: Object.fromEntries(ENTRIES.map((e) => [e.replace(/\.ts$/, ''), e])),
    outdir: join(HERE, 'dist'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['n8n-workflow'],
    legalComments: 'none',
    logLevel: 'warning',
  });
  mkdirSync(join(HERE, 'dist/nodes/Pressroom'), { recursive: true });
  copyFileSync(join(HERE, 'nodes/Pressroom/pressroom.svg'), join(HERE, 'dist/nodes/Pressroom/pressroom.svg'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildNode();
