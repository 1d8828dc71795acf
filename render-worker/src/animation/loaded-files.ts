import { createHash } from 'node:crypto';
import type { Page } from 'puppeteer';
import { ensureViewport, type RenderContext } from '../browser/index.js';

/**
 * The animated file a page holds loaded, so the file's next range on that page draws at once. A
 * range loads its design on a page (layers, fonts, images decoded, text fitted, the player
 * installed) and then only seeks: every frame is set from its time alone (`__prAnim.apply`), so a
 * page that drew range 2 of a file is exactly the page range 3 would load. Loading again cost
 * 20-45 ms and its first frame 40-160 ms more (images decoded and the canvas rastered anew) on
 * the example; a file's ranges on a worker's two pages now load twice (docs/animation.md).
 *
 * Two checks make a page count as holding the file: this map (the page's last animation load was
 * this key) and a marker on the page's canvas, which any other render replaces with its own
 * canvas. The page's assets keep their URLs across ranges: they are registered under stable names
 * recorded at the load, and registered again in each range's registry (the page may ask for any of
 * them again, a decoded image the renderer dropped, say).
 */
interface LoadedFile {
  key: string;
  assets: RecordedAsset[];
}

interface RecordedAsset {
  bytes: Buffer | Uint8Array;
  contentType: string;
  name: string;
}

const loaded = new WeakMap<Page, LoadedFile>();

/** The page attribute naming the loaded file, on the canvas element loadPlan put in `#pr-root`. */
const MARKER = 'data-pr-file';

/**
 * The key of what a range loads: the file (its banner id) and a digest of everything the page is
 * built from, so a range of the same file drawn from a changed design (or other fonts, assets)
 * loads afresh.
 */
export function loadedFileKey(fileId: string, parts: unknown): string {
  return `${fileId}/${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22)}`;
}

/**
 * True when `page` holds the file `key` loaded; its assets are then registered again in this
 * range's registry under their URLs. False means: load it (`recordLoad`).
 */
export async function holdsFile(
  page: Page,
  key: string,
  size: { width: number; height: number },
  context: Pick<RenderContext, 'registerAsset'>,
): Promise<boolean> {
  const { width, height } = size;
  const held = loaded.get(page);
  if (held?.key !== key) return false;
  const marked = await page.evaluate((attr) => document.getElementById('pr-root')?.firstElementChild?.getAttribute(attr) ?? null, MARKER);
  if (marked !== key) {
    loaded.delete(page);
    return false;
  }
  for (const a of held.assets) context.registerAsset(a.bytes, a.contentType, a.name, { stable: true });
  // The canvas is the file's, so no render has drawn on the page since; the viewport is set anyway
  // (a no-op when it is the plan's), since a compositor capture relies on it.
  await ensureViewport(page, width, height);
  return true;
}

/**
 * Loads the file with `load`, handing it a `registerAsset` that gives every asset a stable URL,
 * then marks the page as holding `key`. A load that fails leaves the page holding nothing.
 */
export async function recordLoad(
  page: Page,
  key: string,
  context: Pick<RenderContext, 'registerAsset'>,
  load: (registerAsset: RenderContext['registerAsset']) => Promise<void>,
): Promise<void> {
  loaded.delete(page);
  const assets: RecordedAsset[] = [];
  await load((bytes, contentType, name, options) => {
    // A stable name is the same in every registry (a bundled font's); any other gets one unique to this load.
    const stableName = options?.stable && name !== undefined ? name : `file-${assets.length}${name === undefined ? '' : `-${name}`}`;
    assets.push({ bytes, contentType, name: stableName });
    return context.registerAsset(bytes, contentType, stableName, { stable: true });
  });
  await page.evaluate(
    (attr, k) => {
      document.getElementById('pr-root')?.firstElementChild?.setAttribute(attr, k);
    },
    MARKER,
    key,
  );
  loaded.set(page, { key, assets });
}
