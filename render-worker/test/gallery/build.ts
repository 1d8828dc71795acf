// `npm run gallery [-- --update]`: renders docs/gallery/ (docs/renderer.md, "Gallery").
// Without --update it writes missing pictures and both pages, and fails listing the pictures
// that no longer match their golden; with --update it rewrites every picture. Review the diff.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BrowserSupervisor } from '../../src/browser/index.js';
import { GALLERY } from './entries.js';
import { galleryHtml, galleryMarkdown } from './page.js';
import { compareWithGolden, GALLERY_DIR, galleryRenderers, goldenPath, renderEntry } from './render.js';

const update = process.argv.includes('--update');
const supervisor = new BrowserSupervisor({ poolSize: 1 });
const render = galleryRenderers(supervisor);
const changed: string[] = [];
let bytes = 0;
try {
  mkdirSync(GALLERY_DIR, { recursive: true });
  for (const entry of GALLERY) {
    const picture = await renderEntry(render, entry);
    bytes += picture.length;
    const result = update ? null : await compareWithGolden(entry, picture);
    if (update || result === null) writeFileSync(goldenPath(entry), picture);
    else if (!result.same) changed.push(`${entry.name}: ${result.reason}`);
  }
  writeFileSync(join(GALLERY_DIR, 'README.md'), galleryMarkdown(GALLERY));
  writeFileSync(join(GALLERY_DIR, 'index.html'), galleryHtml(GALLERY));
} finally {
  await supervisor.stop();
}
console.log(`${GALLERY.length} pictures, ${(bytes / 1024).toFixed(0)} KB in all, in ${GALLERY_DIR}`);
if (changed.length > 0) {
  console.error(`These pictures no longer match their golden (run with -- --update, then review the diff):\n  ${changed.join('\n  ')}`);
  process.exitCode = 1;
}
