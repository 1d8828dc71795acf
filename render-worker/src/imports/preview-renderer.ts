import type { StaticDesign } from '@pressroom/model';
import type { ObjectStorage } from '@pressroom/platform';
import { createAssetLoader } from '../fetch/load-asset.js';
import type { StaticRenderer } from '../static/pipeline.js';
import type { RenderFontSource } from '../static/render-fonts.js';
import type { PreviewRenderer } from './previews.js';

/** Previews are background work: a busy pool may keep them waiting for a page well past the sync budget. */
const PREVIEW_TIMEOUT_MS = 60_000;

export interface PreviewAssetOptions {
  storage: ObjectStorage;
  maxBytes: number;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
}

/**
 * Previews through the render pipeline (PNG, saved content, no overrides), with the design's own
 * images loaded the way a generation loads them. The planner draws every design type: an
 * animated design as its resting frame, a print design at its DPI (bleed included), and a
 * multipage design page by page (the frame id is the page id).
 */
export function previewFromStaticRenderer(render: StaticRenderer, assets: PreviewAssetOptions, fonts: RenderFontSource): PreviewRenderer {
  return async (design, frameId, signal, workspaceId) => {
    const out = await render({
      design: design as StaticDesign,
      formatName: frameId,
      overrides: { layers: {}, vars: {} },
      fileType: 'png',
      loadAsset: createAssetLoader({ design, ...assets, signal }),
      signal,
      timeoutMs: PREVIEW_TIMEOUT_MS,
      fonts: await fonts.forWorkspace(workspaceId),
    });
    return out.bytes;
  };
}
