#!/usr/bin/env node
// The production build: each process entry (farm/src/entries.mjs) bundled with esbuild into one
// JavaScript file under its package's `dist/` (git-ignored), so that a process starts by loading
// compiled code instead of compiling TypeScript (tsx) at every start. Our own packages
// (`@pressroom/*`, TypeScript sources) are bundled in; every npm package stays external and is
// loaded from node_modules as usual (sharp, puppeteer, onnxruntime-node, pg, graphile-worker: native
// or heavy code, never rebundled). Tests do not use this: vitest runs the sources. One more output
// are for the browser, with their npm packages bundled in, minified: the console itself (`CONSOLE`,
// TSX with Preact) and its editor's canvas (`CANVAS`, the renderer).
//
//   node scripts/build.mjs              build now
//   node scripts/build.mjs --if-stale   build only when a source changed since the last build
//
// Code shared between entries, and modules imported with `await import()` (print, AI models, the
// S3 driver: loaded on first use, not at start), go to content-hashed chunks in `dist/chunks/`.
//
// A build records what it read (esbuild's metafile) in node_modules/.pressroom-build.json; the
// build is stale when one of those files changed after it started, or an output is missing.
// `npm run setup` builds; `npm start` and the `start:*` scripts go through scripts/run.mjs, which
// rebuilds a stale build first (well under a second), so edited sources are never run stale.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRIES, outputOf } from '../farm/src/entries.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = join(ROOT, 'node_modules', '.pressroom-build.json');
const CHUNKS = 'dist/chunks';
/** A process started from an older build may still import its chunks lazily; they go after a day. */
const OLD_CHUNK_MS = 24 * 3600 * 1000;
/** Files that shape every output besides the sources esbuild reports. */
const ALWAYS = [
  'scripts/build.mjs',
  'farm/src/entries.mjs',
  'package.json',
  ...new Set(ENTRIES.map((e) => `${e.source.split('/')[0]}/package.json`)),
];

/**
 * The console editor's canvas (docs/console.md): the renderer's planning and HTML code with the
 * import parser, bundled for the browser; the control plane serves it at /console/vendor/canvas.mjs.
 */
export const CANVAS = { source: 'shared/renderer/src/browser.ts', output: 'control-plane/dist/console-canvas.js' };

/**
 * The web console (docs/console.md): its TSX sources (Preact's automatic JSX runtime), bundled for
 * the browser with Preact; the control plane serves it at /console/app.js. It loads the canvas by URL, at run time.
 */
export const CONSOLE = { source: 'control-plane/console/app.tsx', output: 'control-plane/dist/console-app.js' };

/** The browser bundles: each stands alone (no shared chunks), since a page loads them by URL. */
const BROWSER = [CANVAS, CONSOLE];

/** Every file a build writes besides chunks: the process entries, then the browser bundles. */
const allOutputs = () => [...ENTRIES.map((e) => outputOf(e.name)), ...BROWSER.map((b) => b.output)];

const toPosix = (path) => path.split(sep).join('/');
// Spelt in pieces so that this file, were it ever bundled, would not rewrite its own pattern.
const META_URL = ['import', 'meta', 'url'].join('.');

/** Why the build must run again, or null when every output is newer than what it was made of. */
export function staleReason() {
  if (!existsSync(STAMP)) return 'never built';
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return 'unreadable build record';
  }
  if (stamp.root !== ROOT) return 'the checkout moved';
  const outputs = allOutputs();
  if (JSON.stringify(stamp.outputs) !== JSON.stringify(outputs)) return 'the entry list changed';
  for (const output of [...outputs, ...(stamp.chunks ?? [])]) if (!existsSync(join(ROOT, output))) return `${output} is missing`;
  for (const input of stamp.inputs) {
    let mtimeMs;
    try {
      mtimeMs = statSync(join(ROOT, input)).mtimeMs;
    } catch {
      return `${input} is gone`;
    }
    if (mtimeMs >= stamp.startedAtMs) return `${input} changed`;
  }
  return null;
}

/**
 * esbuild keeps `import.meta.url` as it is, which in a bundle is the bundle's own URL. Several
 * modules find files next to their source that way (migrations, the example designs, the Chromium
 * lookup, the repository root), so each occurrence becomes the source file's URL, expressed
 * relative to the bundle: the same for every output, since all sit two folders below the root.
 */
/** esbuild's loader for each extension the plugin below reads (the console's views are TSX). */
const LOADERS = { '.ts': 'ts', '.tsx': 'tsx', '.mjs': 'js' };

function sourceUrlPlugin(outputDepth) {
  const up = '../'.repeat(outputDepth);
  return {
    name: 'pressroom-source-url',
    setup(build) {
      build.onLoad({ filter: /\.(tsx?|mjs)$/ }, (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const contents = readFileSync(args.path, 'utf8');
        if (!contents.includes(META_URL)) return undefined;
        const url = `new URL(${JSON.stringify(up + toPosix(relative(ROOT, args.path)))}, ${META_URL}).href`;
        return { contents: contents.replaceAll(META_URL, url), loader: LOADERS[extname(args.path)] };
      });
    },
  };
}

/** Bare imports stay external (npm packages and Node's own), except our workspaces: those are TypeScript. */
const externalPackagesPlugin = {
  name: 'pressroom-external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pressroom/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds every entry; writes each output atomically (a process starting meanwhile reads old or new, never half). */
export async function build({ log = (message) => process.stderr.write(`build: ${message}\n`) } = {}) {
  const { build: esbuild } = await import('esbuild');
  const startedAtMs = Date.now();
  const outputs = allOutputs();
  const depths = new Set([...outputs, `${CHUNKS}/chunk.js`].map((o) => o.split('/').length - 1));
  if (depths.size !== 1) throw new Error(`every output must sit at the same depth below the root: ${outputs.join(', ')}`);
  const result = await esbuild({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(ENTRIES.map((e) => [outputOf(e.name).replace(/\.js$/, ''), e.source])),
    outdir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    chunkNames: `${CHUNKS}/[name]-[hash]`,
    target: 'node20',
    sourcemap: 'linked',
    // Read by code that must know whether it runs compiled (see shared/model/src/process/compiled.ts).
    define: { __PRESSROOM_COMPILED__: 'true' },
    plugins: [externalPackagesPlugin, sourceUrlPlugin([...depths][0])],
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  const canvas = await esbuild({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(BROWSER.map((b) => [b.output.replace(/\.js$/, ''), b.source])),
    // The console imports the canvas by its URL when the editor opens: a file the farm serves.
    external: ['/console/*'],
    outdir: ROOT,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    // The console's views are TSX on Preact's automatic runtime (as tsconfig.json says for tsc).
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // A browser bundle has no Buffer: shared code the console runs (the import parser, in the editor)
  // must use what browsers have (atob, TextDecoder). Node's global fails there only when reached.
  for (const file of canvas.outputFiles.filter((f) => f.path.endsWith('.js'))) {
    if (/\bBuffer\.[a-z]/.test(file.text))
      throw new Error(`${toPosix(relative(ROOT, file.path))} uses Node's Buffer, which a browser does not have`);
  }
  for (const file of [...result.outputFiles, ...canvas.outputFiles]) {
    mkdirSync(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  const written = result.outputFiles.map((f) => toPosix(relative(ROOT, f.path)));
  const chunks = written.filter((f) => f.startsWith(`${CHUNKS}/`) && f.endsWith('.js'));
  pruneChunks(new Set(written));
  const read = [...Object.keys(result.metafile.inputs), ...Object.keys(canvas.metafile.inputs)].map(toPosix);
  const inputs = [...new Set([...read, ...ALWAYS])].sort();
  writeFileSync(STAMP, JSON.stringify({ root: ROOT, startedAtMs, outputs, chunks, inputs }));
  log(`${outputs.length} entries from ${inputs.length} files in ${Date.now() - startedAtMs} ms (${outputs.join(', ')})`);
}

function pruneChunks(keep) {
  const dir = join(ROOT, CHUNKS);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (!keep.has(`${CHUNKS}/${name}`) && Date.now() - statSync(file).mtimeMs > OLD_CHUNK_MS) rmSync(file, { force: true });
  }
}

/** Builds when the last build is stale; returns the reason it built, or null. */
export async function ensureBuilt(options = {}) {
  const reason = staleReason();
  if (reason) await build(options);
  return reason;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    if (process.argv.includes('--if-stale')) await ensureBuilt();
    else await build();
  } catch (err) {
    process.stderr.write(`build failed: ${err.message}\n`);
    process.exit(1);
  }
}
