import { describe, expect, it } from 'vitest';

// The editor's document operations (control-plane/console/editor-model.js), a browser module
// loaded by URL like plan.js in console-plan.test.ts.
const MODEL = new URL('../../control-plane/console/editor-model.js', import.meta.url).href;
const m = await import(MODEL);

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
    expect(doc.layers[0].layout).toEqual({
      square: { x: 0, y: 0, width: 1000, height: 1000 },
      story: { x: 0, y: 0, width: 1000, height: 1000 },
    });
    expect(doc.layers[0].properties).toEqual({ default: { background_color: '#112233' } });
    expect(m.layersIn(doc, 'story').map((l: { layer: { name: string } }) => l.layer.name)).toEqual(['bg']);
  });

  it('moves a box in the current format only, in whole pixels', () => {
    const doc = m.withBox(two(), 'square', 'bg', { x: 40.4, y: 0, width: 1000, height: 1000 });
    expect(m.boxOf(doc, 'square', 'bg')).toEqual({ x: 40, y: 0, width: 1000, height: 1000 });
    expect(m.boxOf(doc, 'story', 'bg').x).toBe(0);
  });

  it('writes a property where the format sets it, else in the base values', () => {
    const place = { key: 'font_size', field: null, onLayer: false };
    let doc = m.withProp(two(), 'square', 'title', place, 72);
    expect(doc.layers[1].properties).toEqual({ default: { payload: 'Hi', font_size: 40 }, square: { font_size: 72 } });
    doc = m.withProp(doc, 'square', 'title', { key: 'shadow', field: 'blur', onLayer: false }, 4);
    expect(doc.layers[1].properties.default.shadow).toEqual({ blur: 4 });
    expect(m.propOf(doc, 'square', 'title', { key: 'shadow', field: 'blur', onLayer: false })).toBe(4);
  });

  it("sets a field of an object on the layer itself (an animated layer's timing)", () => {
    const place = { key: 'animation', field: 'start_at_s', onLayer: true };
    let doc = m.withProp(two(), 'square', 'title', place, 0.5);
    expect(doc.layers[1].animation).toEqual({ start_at_s: 0.5 });
    expect(m.propOf(doc, 'square', 'title', place)).toBe(0.5);
    doc = m.withProp(doc, 'square', 'title', place, undefined);
    expect(doc.layers[1].animation).toBeUndefined();
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
    const group = doc.layers.find((l: { type: string }) => l.type === 'group');
    expect(group.layer_ids).toEqual(['title', 'text']);
    expect(group.layout.square).toEqual(m.unionBox([doc.layers[1].layout.square, doc.layers[2].layout.square]));
    expect(group.layout.story).toBeUndefined();
    doc = m.renameLayer(doc, 'square', 'title', 'headline');
    expect(doc.layers.find((l: { type: string }) => l.type === 'group').layer_ids).toEqual(['headline', 'text']);
    doc = m.removeLayer(doc, 'square', 'headline');
    doc = m.removeLayer(doc, 'square', 'text');
    expect(doc.layers.map((l: { name: string }) => l.name)).toEqual(['bg']);
  });

  it('copies a layout to another format scaled, and removes a format with the layers only it had', () => {
    let doc = m.copyLayout(two(), 'square', 'story');
    expect(m.boxOf(doc, 'story', 'title')).toEqual({ x: 50, y: 200, width: 200, height: 200 });
    doc = m.removeFormat(two(), 'square');
    expect(doc.formats.map((f: { name: string }) => f.name)).toEqual(['story']);
    expect(doc.layers.map((l: { name: string }) => l.name)).toEqual(['bg']);
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
    expect(next.layers[0].properties.default.background_color).toMatch(/^cmyk\(/);
    expect(m.roundLength(next, 12.3456)).toBe(12.35);
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
