import { type GalleryEntry, shownJson } from './entries.js';

/** Pure: the gallery's Markdown page and static HTML page from its entries. */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const INTRO =
  "Every picture is rendered by Pressroom from a small design and the JSON under it: `elements` is what a generation request sends, `design_layers` the design properties a request cannot set. The images are also the renderer's goldens: `render-worker/src/static/gallery.e2e.test.ts` compares fresh renders with them, and `npm run gallery -- --update` rewrites them (review the changed images in the diff). An animated entry is a strip of its frames at the times its caption gives, drawn by Chromium as a frame-range job draws them; `e2e/render-worker/animation/compositor-cases.e2e.test.ts` composites each from layer rasters too and holds every composited frame to Chromium's.";

function families(entries: readonly GalleryEntry[]): [string, GalleryEntry[]][] {
  const out = new Map<string, GalleryEntry[]>();
  for (const e of entries) out.set(e.family, [...(out.get(e.family) ?? []), e]);
  return [...out];
}

export function galleryMarkdown(entries: readonly GalleryEntry[]): string {
  const lines = ['# Gallery: what every property does', '', INTRO, '', 'The same page as HTML: [index.html](index.html).', ''];
  for (const [family, list] of families(entries)) {
    lines.push(`## ${family}`, '');
    for (const e of list) {
      lines.push(
        `### ${e.name}`,
        '',
        e.caption,
        '',
        `![${e.name}](${e.name}.webp)`,
        '',
        '```json',
        JSON.stringify(shownJson(e), null, 2),
        '```',
        '',
      );
    }
  }
  return lines.join('\n');
}

export function galleryHtml(entries: readonly GalleryEntry[]): string {
  const sections = families(entries)
    .map(
      ([family, list]) =>
        `<section><h2>${escapeHtml(family)}</h2><div class="grid">${list
          .map(
            (e) =>
              `<figure id="${escapeHtml(e.name)}"><img src="${escapeHtml(e.name)}.webp" alt="" aria-describedby="${escapeHtml(e.name)}-caption"><figcaption id="${escapeHtml(e.name)}-caption"><a href="#${escapeHtml(e.name)}">${escapeHtml(e.name)}</a>: ${escapeHtml(e.caption)}</figcaption><pre tabindex="0">${escapeHtml(JSON.stringify(shownJson(e), null, 2))}</pre></figure>`,
          )
          .join('\n')}</div></section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pressroom gallery: what every property does</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 1200px; padding: 0 1rem; color: #0f172a; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 1rem; }
figure { margin: 0; border: 1px solid #e2e8f0; border-radius: 8px; padding: .75rem; background: #fff; }
figure img { display: block; max-width: 100%; image-rendering: auto; border: 1px solid #f1f5f9; }
figcaption { margin: .5rem 0; }
pre { font-size: 12px; background: #f8fafc; padding: .5rem; overflow: auto; max-height: 240px; }
</style></head>
<body>
<h1>Pressroom gallery: what every property does</h1>
<p>${escapeHtml(INTRO).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>
${sections}
</body></html>
`;
}
