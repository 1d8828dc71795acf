import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Design, resolveSource } from '@pressroom/model';
import { EXAMPLES_DIR } from '@pressroom/platform';
import type { AssetLoader } from '../src/fetch/load-asset.js';

const TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/** An example design's media as the render task would load them: its files from disk, its data URLs decoded. */
export function exampleAssetLoader(design: Design): AssetLoader {
  return async (source) => {
    if (source.kind === 'base64') return { bytes: Buffer.from(source.data, 'base64'), contentType: source.contentType ?? '' };
    if (source.kind !== 'design_asset') return null;
    const src = resolveSource(design, `asset:${source.name}`);
    if (src.kind === 'file')
      return { bytes: readFileSync(join(EXAMPLES_DIR, src.path)), contentType: TYPES[src.path.split('.').pop() ?? ''] ?? '' };
    if (src.kind !== 'data') return null;
    const comma = src.url.indexOf(',');
    const head = src.url.slice(0, comma);
    const body = src.url.slice(comma + 1);
    const bytes = head.endsWith(';base64') ? Buffer.from(body, 'base64') : Buffer.from(decodeURIComponent(body));
    return { bytes, contentType: head.slice(5).split(';')[0] ?? '' };
  };
}
