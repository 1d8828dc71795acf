// The process entries of this repository: the one list the production build compiles
// (scripts/build.mjs), the start scripts run (scripts/run.mjs) and the farm launcher spawns. When a
// file moves, change its line here and nothing else. Plain JavaScript, so that it loads before any
// TypeScript tooling does (npm run setup, a fresh clone).
//
// Each entry compiles to `<its package>/dist/<name>.js`. Every output sits two folders below the
// repository root; the build relies on that to keep file-relative paths (import.meta.url) working.

/** @type {ReadonlyArray<{ name: string; source: string }>} */
export const ENTRIES = [
  { name: 'farm', source: 'farm/src/bin/farm.ts' },
  { name: 'control-plane', source: 'control-plane/src/bin/server.ts' },
  { name: 'admin', source: 'control-plane/src/bin/admin.ts' },
  { name: 'migrate', source: 'control-plane/src/bin/migrate.ts' },
  { name: 'render-worker', source: 'render-worker/src/bin/worker.ts' },
  // sharp's piscina thread: a file of its own, loaded by each encoder thread (encoder-pool.ts).
  { name: 'encode-thread', source: 'render-worker/src/encode/worker.ts' },
  { name: 'media-worker', source: 'media-worker/src/bin/worker.ts' },
  // The layer compositor's piscina thread: loaded by each compositor thread (composite-pool.ts).
  { name: 'composite-thread', source: 'media-worker/src/animation/composite-thread.ts' },
];

/** The entry called `name`; throws on a name that is not in the list. */
export function entry(name) {
  const found = ENTRIES.find((e) => e.name === name);
  if (!found) throw new Error(`no process entry called "${name}" (farm/src/entries.mjs lists ${ENTRIES.map((e) => e.name).join(', ')})`);
  return found;
}

/** The TypeScript source of an entry, relative to the repository root. */
export function sourceOf(name) {
  return entry(name).source;
}

/** The compiled JavaScript of an entry, relative to the repository root. */
export function outputOf(name) {
  const { source } = entry(name);
  return `${source.split('/')[0]}/dist/${name}.js`;
}
