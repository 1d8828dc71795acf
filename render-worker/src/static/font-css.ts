import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { FontCatalogue, FontFaceFile } from '@pressroom/model';
import { cssFontFormat, cssString, fontFaceCss } from '@pressroom/model';
import { loadFontCatalogue } from '@pressroom/platform';
import { bundledFacesFor, fontKey, type RenderPlan } from '@pressroom/renderer';
import { fontBytes } from './font-bytes.js';
import type { RegisterAsset, Resource } from './types.js';

export interface FontRules {
  /** Bundled faces, one rule each, identical in every render (stable URLs): a warm page adds each once. */
  bundled: string[];
  /** The design's own fonts: replaced per render, since two designs may name different files alike. */
  design: string;
}

/**
 * Rewrites an uploaded face's file before it is served (the HTML5 banner subsets it to the
 * characters its texts use); answers the bytes and the face as served.
 */
export type UploadedFaceTransform = (face: FontFaceFile, bytes: Buffer) => Promise<{ face: FontFaceFile; bytes: Buffer }>;

const CONTENT_TYPES = { woff2: 'font/woff2', woff: 'font/woff', truetype: 'font/ttf', opentype: 'font/otf' } as const;

/**
 * `@font-face` rules for one render: the catalogue faces the plan needs (bundled ones, and the
 * workspace's uploads, which `RenderFonts.prepare` has put in the disk cache), served through the
 * page's interception (Chromium will not load file:// fonts into a setContent document), and the
 * design's own fonts from the fetched resources.
 */
export async function fontRulesFor(
  plan: RenderPlan,
  resources: ReadonlyMap<string, Resource>,
  register: RegisterAsset,
  catalogue?: FontCatalogue,
  transformUploaded?: UploadedFaceTransform,
): Promise<FontRules> {
  const faces = bundledFacesFor(plan, catalogue ?? loadFontCatalogue());
  const bundled = await Promise.all(
    faces.map(async (planned) => {
      const path = servedPath(planned.path, planned.family);
      let bytes = await fontBytes(path);
      let face = planned;
      let served = path;
      if (face.source && transformUploaded) {
        ({ face, bytes } = await transformUploaded(face, bytes));
        served = face.path;
      }
      // Stable URLs: a warm page loads each font file once, whatever the render.
      const url = register(bytes, CONTENT_TYPES[cssFontFormat(served)], `font/${basename(served)}`, { stable: true });
      return fontFaceCss([face], () => url);
    }),
  );
  const design: string[] = [];
  for (const font of plan.fonts) {
    if (font.fontId !== null) continue;
    const resource = resources.get(`font:${fontKey(font)}`);
    if (!resource) continue;
    const digest = createHash('sha1').update(resource.bytes).digest('hex');
    const url = register(resource.bytes, resource.contentType, `design-font/${digest}`, { stable: true });
    design.push(
      `@font-face { font-family: ${cssString(font.family)}; font-style: ${font.style}; font-weight: ${font.weight}; font-display: block; src: url(${cssString(url)}); }`,
    );
  }
  return { bundled, design: design.join('\n') };
}

/** All of a render's font rules as one stylesheet, for a standalone document. */
export async function fontCssFor(
  plan: RenderPlan,
  resources: ReadonlyMap<string, Resource>,
  register: RegisterAsset,
  catalogue?: FontCatalogue,
  transformUploaded?: UploadedFaceTransform,
): Promise<string> {
  const rules = await fontRulesFor(plan, resources, register, catalogue, transformUploaded);
  return [...rules.bundled, rules.design].join('\n');
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
