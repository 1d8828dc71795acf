import type { Design, ImportWarning } from '@pressroom/model';
import { formatPath, RenderRefusedError } from '@pressroom/model';
import { designPreviewKey, type ObjectStorage } from '@pressroom/platform';

/**
 * Draws the preview PNG of one frame (a format name, or `page_N` on multipage). Throws when it
 * cannot; the import still completes with a `preview_generation_failed` warning.
 */
/** Draws one frame of a design; `workspaceId` is whose fonts it may use (its uploaded ones too). */
export type PreviewRenderer = (design: Design, frameId: string, signal: AbortSignal, workspaceId: string) => Promise<Buffer>;

export interface Frame {
  /** Format name or page id. */
  id: string;
  /** The storage key segment: the format uid, or the page id. */
  keyId: string;
  /** Where the frame is in the imported payload, for the warning path. */
  path: (string | number)[];
}

export function framesOf(design: Design, uids: Record<string, string>): Frame[] {
  if (design.type === 'printer_multipage') return design.pages.map((p, i) => ({ id: p.id, keyId: p.id, path: ['pages', i] }));
  return design.formats.map((f, i) => ({ id: f.name, keyId: uids[f.name] ?? f.name, path: ['formats', i] }));
}

/**
 * One preview per frame, stored under the design's preview key. Returns the stored frames and
 * one warning per frame without a preview: `render_failed` when the renderer gave up (the same
 * payload fails the same way), `preview_not_stored` when storage refused the bytes.
 */
export async function renderPreviews(input: {
  storage: ObjectStorage;
  render: PreviewRenderer | null;
  workspaceId: string;
  designId: string;
  design: Design;
  frames: Frame[];
  signal: AbortSignal;
}): Promise<{ stored: { frameId: string; key: string }[]; warnings: ImportWarning[] }> {
  const stored: { frameId: string; key: string }[] = [];
  const warnings: ImportWarning[] = [];
  for (const frame of input.frames) {
    const path = formatPath(frame.path);
    let png: Buffer;
    try {
      if (!input.render) throw new Error('no preview renderer in this process');
      png = await input.render(input.design, frame.id, input.signal, input.workspaceId);
    } catch (err) {
      // A text that cannot fit its box even at min_font_size is the design's own problem: say
      // which layer (text_fit_failed, which ?strict=true turns into the import's failure).
      if (err instanceof RenderRefusedError && err.layer !== null && err.textFitReason !== null) {
        warnings.push({
          code: 'text_fit_failed',
          layer: err.layer,
          path: formatPath(layerPath(input.design, frame.id, err.layer)),
          message: `${frame.id}: the text of ${err.layer} does not fit (${err.textFitReason})`,
        });
      }
      warnings.push({
        code: 'preview_generation_failed',
        reason: 'render_failed',
        path,
        message: `no preview for ${frame.id}: ${(err as Error).message}`,
      });
      continue;
    }
    const key = designPreviewKey(input.workspaceId, input.designId, frame.keyId);
    try {
      await input.storage.put(key, png, { contentType: 'image/png', contentLength: png.length });
      stored.push({ frameId: frame.id, key });
    } catch {
      warnings.push({
        code: 'preview_generation_failed',
        reason: 'preview_not_stored',
        path,
        message: `the preview of ${frame.id} was rendered but could not be stored`,
      });
    }
  }
  return { stored, warnings };
}

/** Where a layer's font size is in the imported payload, for a text_fit_failed warning. */
function layerPath(design: Design, frameId: string, layer: string): (string | number)[] {
  if (design.type === 'printer_multipage') {
    const p = design.pages.findIndex((page) => page.id === frameId);
    const i = design.pages[p]?.elements.findIndex((e) => e.name === layer) ?? -1;
    return p < 0 || i < 0 ? ['pages', Math.max(p, 0)] : ['pages', p, 'layers', i, 'properties', 'font_size'];
  }
  const i = design.elements.findIndex((e) => e.name === layer);
  return i < 0 ? ['layers'] : ['layers', i, 'properties', 'font_size'];
}
