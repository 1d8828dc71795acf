// The ONE place the render task calls the renderer. Everything around it (payload, design, fetch,
// store, banner, retries, metrics) lives in render-static-task.ts and does not change when the
// renderer does.
//
// INTERIM: @pressroom/renderer (planRender, assetRefsOf, buildDocument, renderToImage) has not
// landed yet. Until it does, this draws the format's canvas with its root background (design or
// `root.background_color` override) through the same supervised page, capture and encode path,
// so the pipeline — Chromium pool, crash retry, timeout, encode, store — is exercised for real.
// Replacing the body of `drawInPage` and `documentFor` with the renderer's calls is the wiring
// step left to do.
import { parseColor, toCss } from '@pressroom/shared/color/index';
import { resolveFrame } from '@pressroom/shared/design/resolve';
import type { StaticDesign } from '@pressroom/shared/design/types';
import type { RenderStaticPayload, StaticFileType } from '@pressroom/shared/jobs/render-static';
import type { FetchedBytes } from '@pressroom/shared/outbound/index';
import type { Page } from 'puppeteer';
import sharp from 'sharp';
import { type BrowserSupervisor, capture, printPdf, withPage } from '../browser/index.js';
import { RenderRefusedError } from './failures.js';

export interface StaticRenderInput {
  design: StaticDesign;
  formatName: string;
  overrides: RenderStaticPayload['overrides'];
  fileType: StaticFileType;
  /** Remote assets already fetched through the guarded client, by URL. */
  assets: ReadonlyMap<string, FetchedBytes>;
  signal: AbortSignal;
}

export interface StaticRenderOutput {
  bytes: Buffer;
  contentType: string;
  /** Seconds spent in each stage. */
  timings: { layout: number; capture: number; encode: number };
}

export type StaticRenderer = (input: StaticRenderInput) => Promise<StaticRenderOutput>;

const CONTENT_TYPE: Record<StaticFileType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
};

export function createChromiumRenderer(supervisor: BrowserSupervisor, options: { timeoutMs: number }): StaticRenderer {
  return async (input) => {
    const frame = resolveFrame(input.design, input.formatName);
    if (!frame) throw new RenderRefusedError(`The design has no format "${input.formatName}".`);
    const width = Math.round(frame.width);
    const height = Math.round(frame.height);
    const html = documentFor(input, frame.background_color, width, height);
    const timings = { layout: 0, capture: 0, encode: 0 };
    const raw = await withPage(
      supervisor,
      async (page, context) => {
        let t = performance.now();
        await drawInPage(page, html, width, height, context.signal);
        timings.layout = (performance.now() - t) / 1000;
        t = performance.now();
        const shot =
          input.fileType === 'pdf'
            ? await printPdf(page, { width, height })
            : await capture(page, { width, height, format: 'png', optimizeForSpeed: true });
        timings.capture = (performance.now() - t) / 1000;
        return shot;
      },
      { timeoutMs: options.timeoutMs, signal: input.signal },
    );
    const t = performance.now();
    const bytes = await encode(raw, input.fileType);
    timings.encode = (performance.now() - t) / 1000;
    return { bytes, contentType: CONTENT_TYPE[input.fileType], timings };
  };
}

function documentFor(input: StaticRenderInput, designBackground: string | null, width: number, height: number): string {
  const requested = input.overrides.layers['root']?.['background_color'];
  const color = typeof requested === 'string' ? requested : designBackground;
  const parsed = color ? parseColor(color) : null;
  const background = parsed?.ok ? toCss(parsed.color, { width, height }) : '#ffffff';
  return `<!doctype html><html><head><style>html,body{margin:0;padding:0}#root{width:${width}px;height:${height}px;background:${background}}</style></head><body><div id="root"></div></body></html>`;
}

async function drawInPage(page: Page, html: string, width: number, height: number, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  await page.setViewport({ width, height, deviceScaleFactor: 1 });
  await page.setContent(html, { waitUntil: 'load' });
}

/** Chromium gives PNG (or PDF); sharp makes the requested type. AVIF at effort 2 stays fast. */
async function encode(raw: Buffer, fileType: StaticFileType): Promise<Buffer> {
  const image = sharp(raw);
  switch (fileType) {
    case 'pdf':
      return raw;
    case 'png':
      return image.png({ compressionLevel: 6 }).toBuffer();
    case 'jpeg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: false }).toBuffer();
    case 'webp':
      return image.webp({ quality: 90 }).toBuffer();
    case 'avif':
      return image.avif({ quality: 60, effort: 2 }).toBuffer();
  }
}
