import type { AnimatedDesign } from '@pressroom/model';
import { frameCount, VIDEO_FPS } from '@pressroom/model';
import { loadExampleDocuments, loadFontCatalogue, parseExampleDocument } from '@pressroom/platform';
import { describe, expect, it } from 'vitest';
import { fontStackCss } from '../html/build-document.js';
import { planRender } from '../plan/plan-render.js';
import { buildHtml5Document } from './html5.js';
import { animationTracks, typewritingLayers } from './player.js';
import { planTimeline, stateAt } from './timeline.js';

const parsed = parseExampleDocument(loadExampleDocuments().find((d) => d.file === 'animated-product-launch.json')!.json);
if (!parsed.ok) throw new Error('example does not parse');
const design = parsed.design as AnimatedDesign;
const timeline = planTimeline(design);

describe('animationTracks', () => {
  it('samples every moving layer at every frame time, ending at the end of the timeline', () => {
    const tracks = animationTracks(timeline, VIDEO_FPS);
    expect(tracks.map((t) => t.name)).toEqual(timeline.layers.map((l) => l.name));
    for (const track of tracks) {
      expect(track.states).toHaveLength(frameCount(6) + 1);
      expect(track.offsets[0]).toBe(0);
      expect(track.offsets.at(-1)).toBe(1);
    }
    const halo = tracks.find((t) => t.name === 'halo')!;
    // Frame 100 is t = 4 s, the screenshot moment.
    expect(halo.offsets[100]! * 6).toBeCloseTo(4, 9);
    expect(halo.states[100]).toEqual(stateAt(timeline, 4).find((s) => s.name === 'halo'));
  });

  it('names the typewritten layers with their split', () => {
    expect(typewritingLayers(timeline)).toContainEqual(['headline', 'letter']);
  });
});

describe('buildHtml5Document', () => {
  it('is the still document plus the player, with nothing able to close its script early', () => {
    const plan = planRender({ catalogue: loadFontCatalogue(), design, formatName: 'square' });
    const html = buildHtml5Document(plan, timeline, { assetUrl: () => null, fontCss: '', fontStack: (f) => fontStackCss(f, []) });
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html.endsWith('</body></html>')).toBe(true);
    expect(html).toContain('window.__prAnimReady');
    expect(html).toContain('"headline"');
    expect(html).not.toMatch(/https?:\/\//);
    const evil = buildHtml5Document(
      plan,
      { ...timeline, layers: [{ name: '</script><b>', start: 0, end: null, tweens: [] }] },
      {
        assetUrl: () => null,
        fontCss: '',
        fontStack: (f) => fontStackCss(f, []),
      },
    );
    expect(evil).not.toContain('</script><b>');
  });
});
