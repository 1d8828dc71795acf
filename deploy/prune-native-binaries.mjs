// Run by deploy/Dockerfile right after `npm install`, in the same layer: onnxruntime-node (the
// render worker's background removal, docs/ai.md) ships its native binding for every OS and CPU,
// about 250 MB of its 290, and loads only `bin/napi-v*/<platform>/<arch>`. The others are deleted,
// so the image carries the binding of the machine it is built for only. Anything unexpected in the
// package's layout stops the build: a pruned image that cannot load the binding must not ship.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = 'node_modules/onnxruntime-node/bin';
if (!existsSync(root)) {
  console.log('prune-native-binaries: onnxruntime-node is not installed; nothing to prune');
  process.exit(0);
}
let kept = 0;
for (const napi of readdirSync(root)) {
  for (const platform of readdirSync(join(root, napi))) {
    for (const arch of readdirSync(join(root, napi, platform))) {
      const dir = join(root, napi, platform, arch);
      if (platform === process.platform && arch === process.arch) kept += 1;
      else rmSync(dir, { recursive: true, force: true });
    }
    if (platform !== process.platform) rmSync(join(root, napi, platform), { recursive: true, force: true });
  }
}
if (kept === 0) {
  console.error(`prune-native-binaries: onnxruntime-node has no binding for ${process.platform}/${process.arch} under ${root}`);
  process.exit(1);
}
console.log(`prune-native-binaries: kept onnxruntime-node's ${process.platform}/${process.arch} binding only`);
