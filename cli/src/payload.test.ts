import { describe, expect, it } from 'vitest';
import { diffJson, formatChanges } from './diff.js';
import { localize, localRefs, ownAssetName, parseManifest, parseSets, serializeManifest, slugify, uniqueStem } from './payload.js';

const ID = 'a4f4ad56-2c04-4b00-b27c-5ae2011f48f7';
const URL_OF = (name: string, id = ID) =>
  `http://localhost:3000/files/workspaces/58560353-aa8c-4c07-9cfb-d338cfde6408/designs/${id}/assets/${name}?expires=1&sig=x`;

describe('stable names', () => {
  it('slugs a design name, and numbers a taken one', () => {
    expect(slugify('Northwind — Summer Sale social set')).toBe('northwind-summer-sale-social-set');
    expect(slugify('Maison Brune — café flyer')).toBe('maison-brune-cafe-flyer');
    expect(slugify('***')).toBe('design');
    expect(uniqueStem('Card', new Set(['card', 'card-2']))).toBe('card-3');
  });
});

describe('stored files and local references', () => {
  it("recognises the design's own stored files only", () => {
    expect(ownAssetName(URL_OF('sun.svg'), ID)).toBe('sun.svg');
    expect(ownAssetName(URL_OF('sun.svg', '00000000-0000-4000-8000-000000000000'), ID)).toBeNull();
    expect(ownAssetName('https://example.com/sun.svg', ID)).toBeNull();
    expect(ownAssetName('data:image/png;base64,AAAA', ID)).toBeNull();
  });

  it('turns them into ./<stem>.assets/<name>, wherever they are, and lists the references with their paths', () => {
    const payload = {
      name: 'x',
      layers: [
        { properties: { src: URL_OF('hero.jpg'), text: 'keep https://example.com/a.png' } },
        { properties: { icon_src: URL_OF('hero.jpg') } },
      ],
    };
    const { payload: local, files } = localize(payload, ID, 'card');
    expect(local.layers[0].properties.src).toBe('./card.assets/hero.jpg');
    expect(local.layers[1].properties.icon_src).toBe('./card.assets/hero.jpg');
    expect(local.layers[0].properties.text).toBe('keep https://example.com/a.png');
    expect(files.get('./card.assets/hero.jpg')).toBe(URL_OF('hero.jpg'));
    expect(localRefs(local)).toEqual(new Map([['./card.assets/hero.jpg', ['layers[0].properties.src', 'layers[1].properties.icon_src']]]));
  });
});

describe('the manifest', () => {
  it('round-trips, keys sorted, and names the field of a wrong shape', () => {
    const text = serializeManifest({ project_id: null, designs: { b: ID, a: ID } });
    expect(text.indexOf('"a"')).toBeLessThan(text.indexOf('"b"'));
    expect(parseManifest(text)).toEqual({ manifest: { project_id: null, designs: { a: ID, b: ID } } });
    expect(parseManifest('{"designs": {"card": "nope"}}')).toEqual({
      error: { path: 'designs.card', message: 'must be a design id (a UUID)' },
    });
    expect(parseManifest('{"project_id": 3}')).toMatchObject({ error: { path: 'project_id' } });
    expect(parseManifest('{')).toMatchObject({ error: { path: 'body' } });
  });
});

describe('--set', () => {
  it('a string with =, JSON with :=, nested fields with dots', () => {
    expect(parseSets(['title.payload=Hello = world', 'title.font_size:=48', 'photo.mask_properties.skew_y:=5'])).toEqual({
      elements: { title: { payload: 'Hello = world', font_size: 48 }, photo: { mask_properties: { skew_y: 5 } } },
    });
    expect(parseSets(['title'])).toMatchObject({ error: expect.stringContaining('layer.property=value') });
    expect(parseSets(['title.font_size:=big'])).toMatchObject({ error: expect.stringContaining('not JSON') });
  });
});

describe('diff', () => {
  it('paths in the API syntax; key order does not count; additions, removals, changes', () => {
    const before = { name: 'A', formats: [{ name: 's', width: 1 }], layers: [{ a: 1 }] };
    const after = { formats: [{ width: 2, name: 's' }], name: 'A', layers: [{ a: 1 }, { b: 2 }], animation: null };
    expect(diffJson(before, { ...before })).toEqual([]);
    expect(formatChanges(diffJson(before, after))).toEqual(['+ animation: null', '~ formats[0].width: 1 -> 2', '+ layers[1]: {"b":2}']);
    expect(formatChanges(diffJson({ a: [1, 2] }, { a: [1] }))).toEqual(['- a[1]: 2']);
  });
});
