import { libraryIllustration } from '@pressroom/platform';
import type { AssetRef, RenderPlan } from '@pressroom/renderer';
import sharp from 'sharp';
import type { Resource } from '../../src/static/index.js';

/** Media the fixtures refer to by URL; generated, so the repo holds no binary inputs. */
export const URLS = {
  photo: 'https://fixtures.pressroom.test/photo.png',
  logo: 'https://fixtures.pressroom.test/logo.svg',
  icon: 'https://fixtures.pressroom.test/arrow.svg',
  illustration: 'https://fixtures.pressroom.test/leaf.svg',
} as const;

const svg = (body: string, viewBox = '0 0 100 100') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${body}</svg>`);

const LOGO = svg(
  '<rect x="5" y="25" width="90" height="50" rx="10" fill="#0f766e"/><circle cx="30" cy="50" r="14" fill="#fbbf24"/><rect x="52" y="42" width="34" height="16" rx="4" fill="#ffffff"/>',
);
export const ICON = svg('<path d="M10 45h60L45 20l8-8 38 38-38 38-8-8 25-25H10z" fill="#111827"/>');
const LEAF = svg(
  '<path d="M50 5C20 25 10 60 30 90c25-5 55-30 55-85z" fill="#16a34a"/><path d="M30 90C40 60 55 40 80 15" stroke="#14532d" stroke-width="4" fill="none"/>',
);

/** A landscape "photo": sky gradient, sun off-centre (what an attention crop should keep), hills. */
async function photo(): Promise<Buffer> {
  const body = svg(
    '<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#60a5fa"/><stop offset="1" stop-color="#dbeafe"/></linearGradient></defs>' +
      '<rect width="400" height="240" fill="url(#s)"/><circle cx="320" cy="70" r="36" fill="#f97316"/><path d="M0 200 Q100 140 200 190 T400 170 V240 H0z" fill="#15803d"/>',
    '0 0 400 240',
  );
  return sharp(body).png().toBuffer();
}

/** A small PNG star, for icon_encoded. */
export async function starPngBase64(): Promise<string> {
  const png = await sharp(svg('<path d="M50 5l13 30 32 3-24 21 7 32-28-17-28 17 7-32L5 38l32-3z" fill="#e11d48"/>'))
    .resize(48, 48)
    .png()
    .toBuffer();
  return png.toString('base64');
}

let cache: Map<string, Resource> | undefined;
async function byUrl(): Promise<Map<string, Resource>> {
  cache ??= new Map<string, Resource>([
    [URLS.photo, { bytes: await photo(), contentType: 'image/png' }],
    [URLS.logo, { bytes: LOGO, contentType: 'image/svg+xml' }],
    [URLS.icon, { bytes: ICON, contentType: 'image/svg+xml' }],
    [URLS.illustration, { bytes: LEAF, contentType: 'image/svg+xml' }],
  ]);
  return cache;
}

/** What the render task's guarded fetch would hand over for one plan source of these fixtures. */
export async function loadFixtureAsset(
  source: AssetRef['source'],
  designAssets: Record<string, { src: string }> = {},
): Promise<Resource | undefined> {
  const urls = await byUrl();
  switch (source.kind) {
    case 'url':
      return urls.get(source.url);
    case 'base64':
      return { bytes: Buffer.from(source.data, 'base64'), contentType: source.contentType ?? 'application/octet-stream' };
    case 'library': {
      const bytes = libraryIllustration(source.library, source.name);
      return bytes === null ? undefined : { bytes, contentType: 'image/svg+xml' };
    }
    case 'design_asset': {
      const src = designAssets[source.name]?.src;
      return src === undefined ? undefined : urls.get(src);
    }
    default:
      return undefined;
  }
}

/** The same for every asset of a plan, by ref. */
export async function resourcesFor(plan: RenderPlan, designAssets: Record<string, { src: string }> = {}): Promise<Map<string, Resource>> {
  const out = new Map<string, Resource>();
  for (const a of plan.assets) {
    const r = await loadFixtureAsset(a.source, designAssets);
    if (r) out.set(a.ref, r);
  }
  return out;
}
