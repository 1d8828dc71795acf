import type { StaticDesign } from '@pressroom/shared/design/types';
import type { StaticRenderer } from '../tasks/render-static.js';
import type { PreviewRenderer } from './previews.js';

/**
 * Previews through the render pipeline's static renderer (PNG, saved content, no overrides).
 * An animated design previews as its static frame. Print designs are not drawn yet: their
 * geometry is physical units and the static renderer works in pixels, so they report
 * `render_failed` until the print renderer can draw a PNG.
 */
export function previewFromStaticRenderer(render: StaticRenderer): PreviewRenderer {
  return async (design, frameId, signal) => {
    if (design.type !== 'static' && design.type !== 'animated') throw new Error(`previews of ${design.type} designs are not rendered yet`);
    const out = await render({
      design: { ...design, type: 'static' } as StaticDesign,
      formatName: frameId,
      overrides: { layers: {}, vars: {} },
      fileType: 'png',
      assets: new Map(),
      signal,
    });
    return out.bytes;
  };
}
