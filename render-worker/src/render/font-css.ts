import { bundledFacesFor, fontKey, type RenderPlan } from '@pressroom/renderer';
import type { FontCatalogue } from '@pressroom/shared/fonts/index';
import { cssString, fontFaceCss } from '@pressroom/shared/fonts/index';
import { fontBytes } from './font-bytes.js';
import type { RegisterAsset, Resource } from './types.js';

/**
 * `@font-face` rules for one render: the bundled faces the plan needs, served through the page's
 * interception (Chromium will not load file:// fonts into a setContent document), and the
 * design's own fonts from the fetched resources.
 */
export async function fontCssFor(
  plan: RenderPlan,
  resources: ReadonlyMap<string, Resource>,
  register: RegisterAsset,
  catalogue?: FontCatalogue,
): Promise<string> {
  const faces = bundledFacesFor(plan, catalogue);
  const urls = new Map<string, string>();
  await Promise.all(
    faces.map(async (face) => {
      const path = servedPath(face.path, face.family);
      urls.set(
        face.path,
        register(await fontBytes(path), path.endsWith('.woff2') ? 'font/woff2' : 'font/woff', `${face.family}-${face.subset}`),
      );
    }),
  );
  const rules = [fontFaceCss(faces, (face) => urls.get(face.path)!)];
  for (const font of plan.fonts) {
    if (font.fontId !== null) continue;
    const resource = resources.get(`font:${fontKey(font)}`);
    if (!resource) continue;
    const url = register(resource.bytes, resource.contentType, font.family);
    rules.push(
      `@font-face { font-family: ${cssString(font.family)}; font-style: ${font.style}; font-weight: ${font.weight}; font-display: block; src: url(${cssString(url)}); }`,
    );
  }
  return rules.join('\n');
}

/**
 * Chromium (156, Debian) draws nothing for the COLRv1 glyphs of fontsource's Noto Color Emoji
 * *woff2* files (the glyph advances, but no ink), while the same subset as *woff* renders in
 * colour. So emoji are served from the woff sibling; Chromium sniffs the bytes, so the rule's
 * `format('woff2')` hint does not stop it. The golden test `emoji` guards this.
 */
function servedPath(path: string, family: string): string {
  return family === 'Noto Color Emoji' && path.endsWith('.woff2') ? path.slice(0, -1) : path;
}
