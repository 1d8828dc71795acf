import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { layerTypesFor, PROPERTY_TABLES } from '@pressroom/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY, shownJson } from '../../test/gallery/entries.js';
import { galleryHtml, galleryMarkdown } from '../../test/gallery/page.js';
import {
  compareWithGolden,
  GALLERY_DIR,
  type GalleryRenderers,
  galleryRenderers,
  goldenPath,
  renderEntry,
} from '../../test/gallery/render.js';
import { BrowserSupervisor } from '../browser/index.js';

/**
 * The gallery pictures are goldens: a fresh render of every entry must match its committed WebP
 * within the tolerance of compare.ts. `npm run gallery -- --update` rewrites them; a failing entry
 * leaves `<name>.actual.webp` next to its golden to look at (not committed).
 */
let supervisor: BrowserSupervisor;
let render: GalleryRenderers;
beforeAll(() => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
  render = galleryRenderers(supervisor);
});
afterAll(async () => {
  await supervisor.stop();
});

describe('gallery', () => {
  it('the pages list every picture with the JSON that made it (npm run gallery writes them)', () => {
    expect(readFileSync(join(GALLERY_DIR, 'README.md'), 'utf8')).toBe(galleryMarkdown(GALLERY));
    expect(readFileSync(join(GALLERY_DIR, 'index.html'), 'utf8')).toBe(galleryHtml(GALLERY));
    expect(new Set(GALLERY.map((e) => e.name)).size).toBe(GALLERY.length);
  });

  it('shows every property of every layer type a still draws', () => {
    // Shown: set in an entry's JSON on that layer type, or the same property (same name and
    // help: the shared and typography ones) on another type.
    const shown = new Set<string>();
    for (const entry of GALLERY) {
      const types = new Map(entry.design.elements.map((e) => [e.name, e.type]));
      const json = shownJson(entry) as { elements?: Record<string, object>; design_layers?: { type: string; properties: object }[] };
      for (const [name, props] of Object.entries(json.elements ?? {}))
        for (const k of Object.keys(props)) shown.add(`${types.get(name)}.${k}`);
      for (const l of json.design_layers ?? []) for (const k of Object.keys(l.properties)) shown.add(`${l.type}.${k}`);
    }
    const sameElsewhere = (type: string, name: string) =>
      layerTypesFor('static').some(
        (other) =>
          shown.has(`${other}.${name}`) &&
          PROPERTY_TABLES[other][name]?.help === PROPERTY_TABLES[type as keyof typeof PROPERTY_TABLES][name]?.help,
      );
    const missing = layerTypesFor('static').flatMap((type) =>
      Object.keys(PROPERTY_TABLES[type])
        .filter((name) => !shown.has(`${type}.${name}`) && !sameElsewhere(type, name))
        .map((name) => `${type}.${name}`),
    );
    // Editor state only: nothing to picture.
    expect(missing).toEqual(['group.locked']);
  });

  it.each(GALLERY.map((e) => [e.name, e] as const))('%s matches its golden', async (_name, entry) => {
    const fresh = await renderEntry(render, entry);
    const result = await compareWithGolden(entry, fresh);
    if (result === null) throw new Error(`no golden for ${entry.name}: run npm run gallery and review ${goldenPath(entry)}`);
    if (!result.same) writeFileSync(goldenPath(entry).replace(/\.webp$/, '.actual.webp'), fresh);
    expect(result.reason).toBeNull();
    // A few KB each keeps the repository light.
    expect(readFileSync(goldenPath(entry)).length).toBeLessThan(12 * 1024);
  });
});
