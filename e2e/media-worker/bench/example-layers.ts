// The example animated design cut to `seconds`, and the input that draws its `square` format's
// layer rasters (`createChromiumAnimator(...).layers(...)`), for the profiles of the layer
// compositor (compositor.profile.ts, layer-rasters.profile.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnimatedDesign } from '@pressroom/model';
import { frameCount } from '@pressroom/model';
import { EXAMPLES_DIR, parseExampleDocument } from '@pressroom/platform';
import type { createChromiumAnimator } from '@pressroom/render-worker/animation/render-animation';
import { exampleAssetLoader } from '@pressroom/render-worker/test/example-assets';

type LayersInput = Parameters<ReturnType<typeof createChromiumAnimator>['layers']>[0];

/** `animated-product-launch.json`, its timeline cut to `seconds` (tweens past the cut hold). */
export function exampleDesign(seconds: number): AnimatedDesign {
  const parsed = parseExampleDocument(JSON.parse(readFileSync(join(EXAMPLES_DIR, 'animated-product-launch.json'), 'utf8')));
  if (!parsed.ok) throw new Error('the example animated design does not parse');
  const design = { ...(parsed.design as AnimatedDesign) };
  design.animation = { ...design.animation, duration: seconds };
  return design;
}

/** The rasters of the design's `square` format for a `fileType` file at `fps`, without sound. */
export function exampleLayersInput(design: AnimatedDesign, fileType: 'mp4' | 'gif', fps: number, seconds: number): LayersInput {
  return {
    design,
    formatName: 'square',
    overrides: { layers: {}, vars: {} },
    fileType,
    loadAsset: exampleAssetLoader(design),
    loadMedia: async () => null,
    signal: new AbortController().signal,
    fps,
    frames: frameCount(seconds, fps),
    withSoundtrack: false,
  };
}
