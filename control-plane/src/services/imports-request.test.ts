import type { Design } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { planDocumentPut } from './imports-request.js';

const layout = { x: 0, y: 0, width: 100, height: 100 };
const payload = (src: string, extra: Record<string, unknown> = {}) => ({
  name: 'Card',
  type: 'static',
  formats: [{ name: 'square', width: 100, height: 100 }],
  layers: [{ name: 'photo', type: 'image', layout, properties: { src } }],
  ...extra,
});
const current = {
  name: 'Card',
  type: 'static',
  formats: [],
  elements: [],
  variables: {},
  assets: { 'hero.png': { src: 'storage:w/d/assets/hero.png', content_type: 'image/png' } },
  fonts: [{ family: 'House', weight: 400, style: 'normal', src: 'asset:house.woff2' }],
} as unknown as Design;
current.assets['house.woff2'] = { src: 'storage:w/d/assets/house.woff2', content_type: 'font/woff2' };
const ctx = {
  type: 'static' as const,
  current,
  stored: { 'hero.png': current.assets['hero.png']! },
  storedUrls: { 'hero.png': 'http://farm.test/files/w/d/assets/hero.png?expires=1&sig=a' },
};

describe('planDocumentPut', () => {
  it("takes back a stored file's hosting URL, whatever its signature, and a bare name of a stored file", () => {
    for (const src of ['http://farm.test/files/w/d/assets/hero.png?expires=9&sig=b', 'hero.png']) {
      const plan = planDocumentPut(payload(src), ctx);
      if (!plan.ok) throw new Error(JSON.stringify(plan.issues));
      const design = plan.design as Extract<Design, { type: 'static' }>;
      expect((design.elements[0]!.properties as { image_url?: string }).image_url, src).toBe('asset:hero.png');
      expect(design.assets['hero.png']).toEqual(current.assets['hero.png']);
    }
  });

  it('leaves any other URL a URL, and keeps the design’s own font files', () => {
    const plan = planDocumentPut(payload('https://images.example/hero.png'), ctx);
    if (!plan.ok) throw new Error(JSON.stringify(plan.issues));
    const design = plan.design as Extract<Design, { type: 'static' }>;
    expect((design.elements[0]!.properties as { image_url?: string }).image_url).toBe('https://images.example/hero.png');
    expect(design.fonts).toEqual(current.fonts);
    expect(design.assets).toEqual({ 'house.woff2': current.assets['house.woff2'] });
  });

  it('lists a target, a change of type and a file it cannot take in one answer, at their paths', () => {
    const plan = planDocumentPut(
      payload('other.png', { type: 'printer', unit: 'mm', target: { kind: 'design', project_uuid: crypto.randomUUID() } }),
      ctx,
    );
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.issues.map((i) => [i.path, i.code])).toEqual([
      ['target', 'unknown_field'],
      ['type', 'invalid_design_type'],
      ['layers[0].properties.src', 'missing_assets'],
    ]);
  });
});
