// The image's native parts: each package that loads a native binding loads it in the image, on the
// image's own platform, and onnxruntime-node carries its own platform's binding only
// (deploy/prune-native-binaries.mjs deletes the others in the install layer). The render worker
// loads onnxruntime-node only when an AI operation runs, so a binding pruned wrongly would pass
// every other deploy test and fail the first background removal.
import { describe, expect, it } from 'vitest';
import { docker, IMAGE } from './docker.js';

/** `node -e script` in a fresh container of the image, in its app directory. */
async function nodeInImage(script: string): Promise<string> {
  const r = await docker(['run', '--rm', '--entrypoint', 'node', '-w', '/app', IMAGE, '-e', script], { timeoutMs: 120_000 });
  if (r.code !== 0) throw new Error(`node in the image exited ${r.code}: ${r.stderr}`);
  return r.stdout.trim();
}

describe('the image carries its own native bindings, and only those', () => {
  it('onnxruntime-node and sharp load their bindings, and the compositor its WebAssembly', { timeout: 180_000 }, async () => {
    const out = await nodeInImage(
      [
        "const ort = require('onnxruntime-node');",
        "const sharp = require('sharp');",
        // The media worker's compositor (SIMD), at the path its compiled code reads it from.
        "const wasm = new WebAssembly.Instance(new WebAssembly.Module(require('node:fs').readFileSync('media-worker/src/animation/wasm/composite.wasm')), {});",
        'console.log(JSON.stringify({ ort: typeof ort.InferenceSession.create, sharp: typeof sharp.versions.vips, compositor: typeof wasm.exports.draw }));',
      ].join(' '),
    );
    expect(JSON.parse(out)).toEqual({ ort: 'function', sharp: 'string', compositor: 'function' });
  });

  it("onnxruntime-node's bindings are the image's platform's only", { timeout: 180_000 }, async () => {
    const out = await nodeInImage(
      [
        "const { readdirSync } = require('node:fs');",
        "const root = 'node_modules/onnxruntime-node/bin';",
        'const found = [];',
        "for (const napi of readdirSync(root)) for (const p of readdirSync(root + '/' + napi)) for (const a of readdirSync(root + '/' + napi + '/' + p)) found.push(p + '/' + a);",
        "console.log(JSON.stringify({ found, own: process.platform + '/' + process.arch }));",
      ].join(' '),
    );
    const { found, own } = JSON.parse(out) as { found: string[]; own: string };
    expect(found).toEqual([own]);
  });
});
