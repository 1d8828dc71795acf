import { describeLayerProperties, parseImportPayload } from '@pressroom/model';
import { describe, expect, it } from 'vitest';

// The editor's document operations (editor-model.ts, with editor-doc.ts and editor-layout.ts).
import * as m from './editor-model.js';

/** A layer of a design with formats, its bags of values by format, and a box that must be there. */
const layer = (doc: m.Doc, i: number): m.Layer => doc.layers![i]!;
const bags = (doc: m.Doc, i: number) => m.bagsOf(layer(doc, i));
const box = (doc: m.Doc, frame: string, name: string): m.Box => m.boxOf(doc, frame, name)!;

const two = () =>
  m.normalizeDoc({
    name: 'Two',
    type: 'static',
    formats: [
      { name: 'square', width: 1000, height: 1000 },
      { name: 'story', width: 500, height: 2000 },
    ],
    layers: [
      { name: 'bg', type: 'shape', layout: { x: 0, y: 0, width: 1000, height: 1000 }, properties: { background_color: '#112233' } },
      {
        name: 'title',
        type: 'text',
        layout: { square: { x: 100, y: 100, width: 400, height: 100 } },
        properties: { default: { payload: 'Hi', font_size: 40 }, square: { font_size: 60 } },
      },
    ],
  });

describe('the editor model', () => {
  it('keys every layout by format and every properties bag by default and format', () => {
    const doc = two();
    expect(layer(doc, 0).layout).toEqual({
      square: { x: 0, y: 0, width: 1000, height: 1000 },
      story: { x: 0, y: 0, width: 1000, height: 1000 },
    });
    expect(layer(doc, 0).properties).toEqual({ default: { background_color: '#112233' } });
    expect(m.layersIn(doc, 'story').map((l: { layer: { name: string } }) => l.layer.name)).toEqual(['bg']);
  });

  it('moves a box in the current format only, in whole pixels', () => {
    const doc = m.withBox(two(), 'square', 'bg', { x: 40.4, y: 0, width: 1000, height: 1000 });
    expect(m.boxOf(doc, 'square', 'bg')).toEqual({ x: 40, y: 0, width: 1000, height: 1000 });
    expect(box(doc, 'story', 'bg').x).toBe(0);
  });

  it('writes a property where the format sets it, else in the base values', () => {
    const place = { key: 'font_size', field: null, onLayer: false };
    let doc = m.withProp(two(), 'square', 'title', place, 72);
    expect(layer(doc, 1).properties).toEqual({ default: { payload: 'Hi', font_size: 40 }, square: { font_size: 72 } });
    doc = m.withProp(doc, 'square', 'title', { key: 'shadow', field: 'blur', onLayer: false }, 4);
    expect(bags(doc, 1).default!.shadow).toEqual({ blur: 4 });
    expect(m.propOf(doc, 'square', 'title', { key: 'shadow', field: 'blur', onLayer: false })).toBe(4);
  });

  it("sets a field of an object on the layer itself (an animated layer's timing)", () => {
    const place = { key: 'animation', field: 'start_at_s', onLayer: true };
    let doc = m.withProp(two(), 'square', 'title', place, 0.5);
    expect(layer(doc, 1).animation).toEqual({ start_at_s: 0.5 });
    expect(m.propOf(doc, 'square', 'title', place)).toBe(0.5);
    doc = m.withProp(doc, 'square', 'title', place, undefined);
    expect(layer(doc, 1).animation).toBeUndefined();
  });

  it('snaps a dragged box to the frame centre and to another layer, within the threshold only', () => {
    const frame = { width: 1000, height: 1000 };
    const near = m.snapBox({ x: 297, y: 10, width: 400, height: 100 }, { frame, others: [], threshold: 5 });
    expect(near.box.x).toBe(300);
    expect(near.guides).toContainEqual({ axis: 'x', at: 500 });
    const far = m.snapBox({ x: 280, y: 280, width: 400, height: 100 }, { frame, others: [], threshold: 5 });
    expect(far.box).toEqual({ x: 280, y: 280, width: 400, height: 100 });
    const other = m.snapBox(
      { x: 12, y: 203, width: 50, height: 50 },
      { frame, others: [{ x: 600, y: 100, width: 100, height: 100 }], threshold: 4 },
    );
    expect(other.box.y).toBe(200);
    const resize = m.snapBox(m.dragBox({ x: 0, y: 0, width: 100, height: 100 }, 'se', 397, 0), {
      frame,
      others: [],
      threshold: 5,
      moving: m.edgesOf('se'),
    });
    expect(resize.box).toEqual({ x: 0, y: 0, width: 500, height: 100 });
  });

  it('undoes and redoes', () => {
    let h = m.history.start(two());
    const first = h.present;
    h = m.history.commit(h, m.withBox(first, 'square', 'bg', { x: 1, y: 1, width: 10, height: 10 }));
    h = m.history.undo(h);
    expect(h.present).toBe(first);
    h = m.history.redo(h);
    expect(m.boxOf(h.present, 'square', 'bg')).toEqual({ x: 1, y: 1, width: 10, height: 10 });
  });

  it('makes the keystrokes of one field one step', () => {
    const first = two();
    const place = { key: 'payload', field: null, onLayer: false };
    let h = m.history.start(first);
    for (const text of ['H', 'He', 'Hey']) h = m.history.commit(h, m.withProp(h.present, 'square', 'title', place, text), 'title/payload');
    h = m.history.commit(h, m.withBox(h.present, 'square', 'bg', { x: 5, y: 0, width: 1000, height: 1000 }));
    expect(h.past).toHaveLength(2);
    h = m.history.undo(h);
    expect(m.propOf(h.present, 'square', 'title', place)).toBe('Hey');
    h = m.history.undo(h);
    expect(h.present).toBe(first);
  });

  it('adds, renames, groups, ungroups and removes layers, keeping group members named', () => {
    let doc = two();
    const added = m.addLayer(doc, 'square', 'text');
    expect(added.name).toBe('text');
    doc = m.groupLayers(added.doc, 'square', ['title', 'text']).doc;
    const group = doc.layers!.find((l) => l.type === 'group')!;
    expect(group.layer_ids).toEqual(['title', 'text']);
    expect(m.boxesOf(group).square).toEqual(m.unionBox([m.boxesOf(layer(doc, 1)).square!, m.boxesOf(layer(doc, 2)).square!]));
    expect(m.boxesOf(group).story).toBeUndefined();
    doc = m.renameLayer(doc, 'square', 'title', 'headline');
    expect(doc.layers!.find((l) => l.type === 'group')!.layer_ids).toEqual(['headline', 'text']);
    doc = m.removeLayer(doc, 'square', 'headline');
    doc = m.removeLayer(doc, 'square', 'text');
    expect(doc.layers!.map((l) => l.name)).toEqual(['bg']);
  });

  it('adapts a layout to another format (one scale, centred, edges kept), and removes a format with the layers only it had', () => {
    // square 1000² to story 500 × 2000: one factor, 0.5; the title keeps its 4:1 box and is
    // centred in the taller frame (750 + 100 × 0.5); the full-frame background spans the story;
    // the font size scales with it, as a value of the story.
    let doc = m.copyLayout(two(), 'square', 'story');
    expect(m.boxOf(doc, 'story', 'title')).toEqual({ x: 50, y: 800, width: 200, height: 50 });
    expect(m.boxOf(doc, 'story', 'bg')).toEqual({ x: 0, y: 0, width: 500, height: 2000 });
    expect(bags(doc, 1).story).toEqual({ font_size: 30 });
    expect(bags(doc, 1).square).toEqual({ font_size: 60 });
    doc = m.removeFormat(two(), 'square');
    expect(doc.formats!.map((f: { name: string }) => f.name)).toEqual(['story']);
    expect(doc.layers!.map((l) => l.name)).toEqual(['bg']);
  });

  it('points an import error path at its layer and property', () => {
    const doc = two();
    expect(m.placeOfIssue(doc, 'layers[1].properties.square.font_size')).toEqual({ layer: 'title', page: null, prop: 'font_size' });
    expect(m.placeOfIssue(doc, 'layers[0].properties.background_color')).toEqual({ layer: 'bg', page: null, prop: 'background_color' });
    expect(m.placeOfIssue(doc, 'layers[1].layout.square.x').prop).toBe('layout');
    expect(m.placeOfIssue(doc, 'formats[0].width').layer).toBeNull();
  });

  it('starts print layers in CMYK and rounds print lengths to hundredths', () => {
    const doc = m.blankDesign('printer');
    const { doc: next } = m.addLayer(doc, 'a4', 'shape');
    expect(bags(next, 0).default!.background_color).toMatch(/^cmyk\(/);
    expect(m.roundLength(next, 12.3456)).toBe(12.35);
  });
});

describe('resizing to another format', () => {
  const circles = () =>
    m.normalizeDoc({
      name: 'Circles',
      type: 'static',
      formats: [
        { name: 'square', width: 1080, height: 1080 },
        { name: 'banner', width: 1200, height: 300 },
      ],
      layers: [
        {
          name: 'sun',
          type: 'shape',
          layout: { square: { x: 700, y: 80, width: 300, height: 300 } },
          properties: { shape_type: 'circle' },
        },
        { name: 'left', type: 'text', layout: { square: { x: 0, y: 500, width: 500, height: 120 } }, properties: { font_size: 50 } },
        { name: 'right', type: 'text', layout: { square: { x: 540, y: 500, width: 540, height: 120 } }, properties: { font_size: 50 } },
        { name: 'foot', type: 'text', layout: { square: { x: 100, y: 640, width: 880, height: 100 } }, properties: { font_size: 40 } },
      ],
    });
  const overlap = (a: Box, b: Box) =>
    Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 1 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 1;
  interface Box {
    x: number;
    y: number;
    width: number;
    height: number;
  }

  it('keeps circles round, anchors edges, and makes no two layers overlap that did not', () => {
    const doc = m.copyLayout(circles(), 'square', 'banner');
    const sun = box(doc, 'banner', 'sun');
    expect(sun.width).toBe(sun.height);
    expect(box(doc, 'banner', 'left').x).toBe(0);
    const right = box(doc, 'banner', 'right');
    expect(right.x + right.width).toBe(1200);
    const names = ['sun', 'left', 'right', 'foot'];
    for (const a of names)
      for (const b of names)
        if (a < b)
          expect(overlap(box(doc, 'banner', a), box(doc, 'banner', b)), `${a} and ${b}`).toBe(
            overlap(box(doc, 'square', a), box(doc, 'square', b)),
          );
    // Every box inside the banner, and the fonts scaled by the one factor (300 / 1080).
    for (const n of names) expect(box(doc, 'banner', n).y + box(doc, 'banner', n).height).toBeLessThanOrEqual(300);
    expect(bags(doc, 1).banner!.font_size).toBe(14);
  });

  it('adds a format adapted from the current one, and refuses a taken name or a size that is not one', async () => {
    const doc = m.addFormat(circles(), { name: 'story', width: 1080, height: 1920 }, 'square');
    expect(m.boxOf(doc, 'story', 'sun')).toEqual({ x: 700, y: 500, width: 300, height: 300 });
    const square = circles();
    expect(m.newFormatProblem(square, { name: 'square', width: '10', height: '10' })).toMatch(/already has a format named square/);
    expect(m.newFormatProblem(square, { name: 'wide', width: '0', height: '10' })).toBe('The width must be between 1 and 5000.');
    expect(m.newFormatProblem(square, { name: 'wide', width: '10', height: '6000' })).toBe('The height must be between 1 and 5000.');
    expect(m.newFormatProblem(square, { name: 'wide', width: '10.5', height: '10' })).toBe(
      'The width must be an integer number of pixels.',
    );
    expect(m.newFormatProblem(square, { name: 'wide', width: '', height: '10' })).toMatch(/between 1 and 5000/);
    expect(m.newFormatProblem(square, { name: 'wide one', width: '10', height: '10' })).toMatch(/letters, digits/);
    expect(m.newFormatProblem(square, { name: 'wide', width: '10', height: '10' })).toBeNull();
  });
});

describe('a frame’s size', () => {
  const pixels = (): m.Doc => ({ name: 'n', type: 'static', formats: [{ name: 'square', width: 1080, height: 1080 }], layers: [] });
  const pages = (): m.Doc => ({ name: 'n', type: 'printer_multipage', unit: 'mm', width: 210, height: 297, pages: [{ layers: [] }] });

  it('takes a size the import takes: the format’s, or every page’s', () => {
    expect(m.frameSize(m.withFrameSize(pixels(), 'square', 600, 5000), 'square')).toMatchObject({ width: 600, height: 5000 });
    expect(m.frameSize(m.withFrameSize(pixels(), 'square', 1, 1080), 'square')).toMatchObject({ width: 1, height: 1080 });
    expect(m.frameSize(m.withFrameSize(pages(), 'page_1', 148.5, 210), 'page_1')).toMatchObject({ width: 148.5, height: 210 });
  });

  it('refuses a size the import refuses, in its words, rather than dropping it', () => {
    // 0, below 0, past 5000, a fraction of a pixel (0.4 would round to 0): said, never a silent no-op.
    for (const v of [0, -12, 0.4, 5001, Number.NaN])
      expect(m.frameLengthProblem(pixels(), v), String(v)).toBe('must be between 1 and 5000');
    expect(m.frameLengthProblem(pixels(), 100.5)).toBe('must be an integer number of pixels');
    expect(m.frameLengthProblem(pages(), 100.5)).toBeNull();
    expect(m.frameLengthProblem(pages(), 0.5)).toBe('must be between 1 and 5000');
    expect(() => m.withFrameSize(pixels(), 'square', 0, 1080)).toThrow(/must be between 1 and 5000 \(0 × 1080\)/);
    expect(() => m.withFrameSize(pixels(), 'square', 1080, 100.5)).toThrow(RangeError);
    expect(() => m.withFrameSize(pages(), 'page_1', 210, 0)).toThrow(RangeError);
  });
});

describe('links and fonts of a design', () => {
  it('points the farm’s stored-file links at another origin, leaving other values and unchanged parts as they are', () => {
    const doc = { layers: [{ properties: { default: { image_url: 'http://localhost:8080/files/a.svg?sig=1', color: '#fff' } } }], n: 1 };
    const moved = m.rebased(doc, 'http://localhost:8080/files/', 'http://127.0.0.1:8080/files/');
    expect(moved.layers[0]!.properties.default.image_url).toBe('http://127.0.0.1:8080/files/a.svg?sig=1');
    expect(moved.layers[0]!.properties.default.color).toBe('#fff');
    expect(doc.layers[0]!.properties.default.image_url).toMatch(/^http:\/\/localhost/);
    expect(m.rebased(doc, 'http://other/files/', 'x')).toBe(doc);
  });

  it('lists the fonts a design names, once each', () => {
    const doc = two();
    bags(doc, 1).square!.font = 'abc';
    bags(doc, 1).default!.font = 'abc';
    expect(m.fontsOf(doc)).toEqual(['abc']);
  });
});

describe('moving a group', () => {
  it('takes its members along when only its position changes, and leaves them when it is resized', () => {
    const doc = m.groupLayers(two(), 'square', ['title']).doc;
    const moved = m.withBox(doc, 'square', 'group', { x: 110, y: 100, width: 400, height: 100 });
    expect(m.boxOf(moved, 'square', 'title')).toEqual({ x: 110, y: 100, width: 400, height: 100 });
    const resized = m.withBox(doc, 'square', 'group', { x: 100, y: 100, width: 500, height: 100 });
    expect(m.boxOf(resized, 'square', 'title')).toEqual({ x: 100, y: 100, width: 400, height: 100 });
  });
});

describe("what the editor writes, within the import's bounds", () => {
  // GET /layer-properties as the control plane answers it; properties sit at their own names here.
  const rules = m.writeRules(describeLayerProperties('static'), (_type, name) =>
    name.includes('.') || name === 'hidden' ? null : { key: name, field: null, onLayer: false },
  );
  const design = (bags: Record<string, Record<string, unknown>>, type = 'shape') =>
    m.normalizeDoc({
      name: 'd',
      type: 'static',
      formats: [
        { name: 'square', width: 100, height: 100 },
        { name: 'story', width: 100, height: 200 },
      ],
      layers: [{ name: 'l', type, layout: { x: 0, y: 0, width: 10, height: 10 }, properties: bags }],
    });

  it('covers rotation, and what the import takes in whole numbers; not the ranges it cannot meet by itself', () => {
    expect(rules.shape!.map((r) => [r.place.key, r.turn]).sort()).toEqual([
      ['opacity', false],
      ['rotation', true],
    ]);
    expect(rules.rating!.map((r) => r.place.key).sort()).toEqual(['opacity', 'rating_score', 'rotation', 'star_count']);
    expect(rules.text!.map((r) => r.place.key).sort()).toEqual(['opacity', 'rotation']);
  });

  it('turns a rotation into 0-360 and rounds a whole-number property, in every format; the same document when all is in', () => {
    const doc = design({ default: { rotation: -12, opacity: 40.5 }, story: { rotation: -90.25 } });
    const out = m.forWrite(doc, rules);
    expect(m.bagsOf(out.layers![0]!)).toEqual({ default: { rotation: 348, opacity: 41 }, story: { rotation: 269.75 } });
    // The editor's own document is left as it was typed.
    expect(m.bagsOf(doc.layers![0]!).default).toEqual({ rotation: -12, opacity: 40.5 });
    const inside = design({ default: { rotation: 360, opacity: 40 } });
    expect(m.forWrite(inside, rules)).toBe(inside);
    const rating = design({ default: { rating_score: 96.4, star_count: 6 } }, 'rating');
    expect(m.bagsOf(m.forWrite(rating, rules).layers![0]!).default).toEqual({ rating_score: 96, star_count: 6 });
  });

  it('starts each new layer with what the import takes, a rating with a whole score', () => {
    let doc = m.blankDesign('static');
    for (const type of ['text', 'button', 'shape', 'rating', 'qrcode']) doc = m.addLayer(doc, 'square', type).doc;
    const parsed = parseImportPayload(doc, { requireTarget: false });
    expect(parsed.ok ? [] : parsed.issues).toEqual([]);
    expect(m.bagsOf(doc.layers![3]!).default).toEqual({ rating_score: 80 });
  });

  it('reaches the layers of every page of a multipage design', () => {
    const doc: m.Doc = {
      name: 'p',
      type: 'printer_multipage',
      unit: 'mm',
      width: 100,
      height: 100,
      pages: [
        { layers: [] },
        { layers: [{ name: 'l', type: 'shape', layout: { x: 0, y: 0, width: 1, height: 1 }, properties: { rotation: -1 } }] },
      ],
    };
    expect(m.forWrite(doc, rules).pages![1]!.layers[0]!.properties).toEqual({ rotation: 359 });
  });
});
