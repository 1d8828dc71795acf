import type { AnimatedDesign } from '@pressroom/model';
import { checkHtml5Bundle, frameCount, VIDEO_FPS } from '@pressroom/model';
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
  const plan = planRender({ catalogue: loadFontCatalogue(), design, formatName: 'square' });
  const options = { assetUrl: () => null, fontCss: '', fontStack: (f: Parameters<typeof fontStackCss>[0]) => fontStackCss(f, []) };
  const delivery = { title: 'Lumen One — launch teaser', clickUrl: null, loops: 1 };

  it('is the still document plus the player, with nothing able to close its script early', () => {
    const html = buildHtml5Document(plan, timeline, options, delivery);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html.endsWith('</body></html>')).toBe(true);
    expect(html).toContain('window.__prAnimReady');
    expect(html).toContain('"headline"');
    expect(html).not.toMatch(/https?:\/\//);
    const evil = buildHtml5Document(plan, { ...timeline, layers: [{ name: '</script><b>', start: 0, end: null, tweens: [] }] }, options, {
      ...delivery,
      title: '</title><script>alert(1)</script>',
      clickUrl: 'https://x.test/"</script>',
    });
    expect(evil).not.toContain('</script><b>');
    expect(evil).not.toContain('</title><script>');
    expect(evil).not.toContain('"</script>');
  });

  it('is an ad: ad.size of the format, the title, a clickTag opened by a click layer over the whole banner', () => {
    const html = buildHtml5Document(plan, timeline, options, { ...delivery, clickUrl: 'https://shop.example/launch' });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<meta name="ad.size" content="width=1080,height=1080">');
    expect(head).toContain('<title>Lumen One — launch teaser</title>');
    expect(head).toContain('var clickTag = "https://shop.example/launch";');
    expect(html).toMatch(/id="pr-click"[^>]*width:1080px;height:1080px/);
    expect(html).toContain('window.open(window.clickTag');
    expect(checkHtml5Bundle({ zipBytes: 1, files: [{ name: 'index.html', bytes: new TextEncoder().encode(html) }], size: plan })).toEqual(
      [],
    );
  });

  it("keeps a `$` in the design's name and click URL as text", () => {
    const html = buildHtml5Document(plan, timeline, options, { ...delivery, title: "Save $$$ & $'", clickUrl: 'https://x.test/?a=$&' });
    expect(html).toContain('<title>Save $$$ &#38; $&#39;</title>');
    expect(html).toContain('var clickTag = "https://x.test/?a=$&";');
  });

  it('plays the asked number of times, the last play stopping at the screenshot moment', () => {
    const html = buildHtml5Document(plan, timeline, options, { ...delivery, loops: 3 });
    // 6 s timeline, screenshot at 4 s: two whole plays and two thirds of the third.
    const playback = /__prAnim\.play\(.*, 6000, (\{[^}]*\})\)/.exec(html);
    expect(JSON.parse(playback![1]!)).toEqual({ iterations: 2 + 4 / 6, restAtStart: false });
  });
});
