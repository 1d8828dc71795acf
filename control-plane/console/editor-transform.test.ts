import { describe, expect, it } from 'vitest';
import * as cb from './editor-clipboard.js';
// Restacking, corner drags with the aspect kept or a rotation, and several layers scaled and
// turned about their box (editor-transform.ts); the panel's sections (editor-sections.ts).
import { runCommand } from './editor-commands.js';
import { commandOf, type KeyPress } from './editor-keys.js';
import * as m from './editor-model.js';
import { sectionOf, shelve } from './editor-sections.js';
import * as timing from './editor-timing.js';
import * as t from './editor-transform.js';

const doc = () =>
  m.normalizeDoc({
    name: 'Stack',
    type: 'static',
    formats: [
      { name: 'square', width: 1000, height: 1000 },
      { name: 'wide', width: 2000, height: 1000 },
    ],
    layers: [
      { name: 'a', type: 'shape', layout: { x: 100, y: 100, width: 100, height: 100 }, properties: { background_color: '#111111' } },
      // Only in the wide format: it keeps its place in the list when the square's layers move.
      { name: 'w', type: 'shape', layout: { wide: { x: 0, y: 0, width: 10, height: 10 } }, properties: {} },
      { name: 'b', type: 'shape', layout: { x: 300, y: 300, width: 200, height: 100 }, properties: { background_color: '#222222' } },
      { name: 'c', type: 'text', layout: { x: 600, y: 600, width: 100, height: 100 }, properties: { payload: 'c', rotation: 30 } },
    ],
  });
const names = (d: m.Doc) => (d.layers ?? []).map((l) => l.name);
const ROTATION: m.Place = { key: 'rotation', field: null, onLayer: false };
const key = (k: Partial<KeyPress>): KeyPress => ({ key: '', code: '', mod: false, shift: false, alt: false, ...k });

describe('restacking', () => {
  it('moves layers to a place in the frame, the other formats’ layers kept where they are', () => {
    expect(names(t.restackTo(doc(), 'square', ['c'], 0))).toEqual(['c', 'w', 'a', 'b']);
    expect(names(t.restackTo(doc(), 'square', ['a'], 2))).toEqual(['b', 'w', 'c', 'a']);
    expect(names(t.restackTo(doc(), 'square', ['a', 'c'], 1))).toEqual(['b', 'w', 'a', 'c']);
    const same = doc();
    expect(t.restackTo(same, 'square', ['a'], 0)).toBe(same);
  });

  it('steps forward and backward, and to the front and the back', () => {
    expect(names(t.restack(doc(), 'square', ['a'], 'forward'))).toEqual(['b', 'w', 'a', 'c']);
    expect(names(t.restack(doc(), 'square', ['c'], 'backward'))).toEqual(['a', 'w', 'c', 'b']);
    expect(names(t.restack(doc(), 'square', ['a'], 'front'))).toEqual(['b', 'w', 'c', 'a']);
    expect(names(t.restack(doc(), 'square', ['c'], 'back'))).toEqual(['c', 'w', 'a', 'b']);
    const top = doc();
    expect(t.restack(top, 'square', ['c'], 'forward')).toBe(top);
  });

  it('is Ctrl+] and Ctrl+[ (Shift: front and back), a refusal said at the top', () => {
    expect(commandOf(key({ code: 'BracketRight', key: ']', mod: true }), false)).toBe('forward');
    expect(commandOf(key({ code: 'BracketLeft', key: '[', mod: true }), false)).toBe('backward');
    expect(commandOf(key({ code: 'BracketRight', key: '}', mod: true, shift: true }), false)).toBe('front');
    expect(commandOf(key({ code: 'BracketLeft', key: '{', mod: true, shift: true }), true)).toBe('back');
    const state = (selected: string[]) => ({ doc: doc(), frame: 'square', selected, unitsPerPixel: 1, isLocked: () => false });
    expect(names(runCommand('forward', state(['a']))!.doc!)).toEqual(['b', 'w', 'a', 'c']);
    expect(runCommand('forward', state(['c']))).toEqual({ said: 'c cannot go forward.' });
  });
});

describe('corner drags', () => {
  const box = { x: 100, y: 100, width: 200, height: 100 };
  it('keeps the aspect ratio, the larger change winning, the opposite corner still', () => {
    expect(t.resizeBox(box, 'se', 100, 10, true)).toEqual({ x: 100, y: 100, width: 300, height: 150 });
    expect(t.resizeBox(box, 'nw', -10, -100, true)).toEqual({ x: -100, y: 0, width: 400, height: 200 });
    expect(t.resizeBox(box, 'se', 100, 10, false)).toEqual({ x: 100, y: 100, width: 300, height: 110 });
  });

  it('resizes a turned box along its own sides, its opposite corner staying on the canvas', () => {
    // Turned 90°: a drag down the screen is a drag along its width.
    const out = t.resizeBox(box, 'se', 0, 50, false, 90);
    expect(out.width).toBeCloseTo(250);
    expect(out.height).toBeCloseTo(100);
    // The nw corner, turned about the centre, is where it was.
    const corner = (b: typeof box) => {
      const c = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      return { x: c.x + (c.y - b.y), y: c.y - (c.x - b.x) };
    };
    expect(corner(out).x).toBeCloseTo(corner(box).x);
    expect(corner(out).y).toBeCloseTo(corner(box).y);
  });

  it('measures angles clockwise from up, normalised, and snaps them to 15°', () => {
    expect(t.angleOf({ x: 0, y: 0 }, { x: 10, y: 0 })).toBeCloseTo(90);
    expect(t.angleOf({ x: 0, y: 0 }, { x: 0, y: 10 })).toBeCloseTo(180);
    expect(t.normalAngle(370)).toBe(10);
    expect(t.normalAngle(-190)).toBe(170);
    // Anticlockwise is written in the import's 0-360: the same turn.
    expect(t.normalAngle(-12)).toBe(348);
    expect(t.normalAngle(-45.04)).toBe(315);
    expect(t.normalAngle(-0.01)).toBe(0);
    expect(t.normalAngle(359.97)).toBe(0);
    expect(t.normalAngle(360)).toBe(0);
    expect(t.snapAngle(52)).toBe(45);
  });
});

describe('several layers', () => {
  it('scale about their box, in the current format only', () => {
    const from = { x: 100, y: 100, width: 400, height: 300 };
    const out = t.scaleLayers(doc(), 'square', ['a', 'b'], from, { x: 100, y: 100, width: 800, height: 600 });
    expect(m.boxOf(out, 'square', 'a')).toEqual({ x: 100, y: 100, width: 200, height: 200 });
    expect(m.boxOf(out, 'square', 'b')).toEqual({ x: 500, y: 500, width: 400, height: 200 });
    expect(m.boxOf(out, 'wide', 'b')).toEqual({ x: 300, y: 300, width: 200, height: 100 });
  });

  it('turn about the centre of their box, each rotation growing by the turn', () => {
    // a and c: box 100…700, centre (400, 400); a turned 90° goes from the top left to the top right.
    const out = t.rotateLayers(doc(), 'square', ['a', 'c'], 90, () => ROTATION);
    expect(m.boxOf(out, 'square', 'a')).toEqual({ x: 600, y: 100, width: 100, height: 100 });
    expect(m.propOf(out, 'square', 'a', ROTATION)).toBe(90);
    expect(m.propOf(out, 'square', 'c', ROTATION)).toBe(120);
    expect(m.boxOf(out, 'square', 'c')).toEqual({ x: 100, y: 600, width: 100, height: 100 });
    // Anticlockwise, each rotation is written in the import's 0-360.
    const back = t.rotateLayers(doc(), 'square', ['a', 'c'], -90, () => ROTATION);
    expect(m.propOf(back, 'square', 'a', ROTATION)).toBe(270);
    expect(m.propOf(back, 'square', 'c', ROTATION)).toBe(300);
  });
});

describe('the properties panel’s sections', () => {
  it('puts each property in its section', () => {
    expect(sectionOf('rotation', true)).toBe('position');
    expect(sectionOf('font_size', true)).toBe('text');
    expect(sectionOf('color', true)).toBe('text');
    expect(sectionOf('background_color', true)).toBe('fill');
    expect(sectionOf('stroke_width', false)).toBe('stroke');
    expect(sectionOf('side_border_color', true)).toBe('stroke');
    expect(sectionOf('shadow_blur', false)).toBe('effects');
    expect(sectionOf('text_shadow_color', true)).toBe('effects');
    // A QR code's payload is its content, not text.
    expect(sectionOf('payload', false)).toBe('fill');
  });

  it('folds the unset advanced properties behind More', () => {
    const p = (name: string, set = false) => ({ name, set, item: name });
    const out = shelve('button', true, [p('payload'), p('letter_spacing'), p('line_height', true), p('stroke_width'), p('opacity')]);
    expect(out.text).toEqual({ shown: ['payload', 'line_height'], more: ['letter_spacing'] });
    expect(out.stroke).toEqual({ shown: [], more: ['stroke_width'] });
    expect(out.effects).toEqual({ shown: [], more: ['opacity'] });
  });

  it('holds the property being typed into where it was, set or unset, until it is left', () => {
    const p = (name: string, set = false) => ({ name, set, item: name });
    // A value typed behind More stays there while typed; it shows once left.
    expect(shelve('button', true, [p('letter_spacing', true)], { name: 'letter_spacing', more: true }).text).toEqual({
      shown: [],
      more: ['letter_spacing'],
    });
    expect(shelve('button', true, [p('letter_spacing', true)]).text).toEqual({ shown: ['letter_spacing'], more: [] });
    // A shown property emptied on the way to another number stays shown.
    expect(shelve('shape', false, [p('opacity')], { name: 'opacity', more: false }).effects).toEqual({ shown: ['opacity'], more: [] });
    // Another property is not held.
    expect(shelve('shape', false, [p('opacity')], { name: 'rotation', more: false }).effects).toEqual({ shown: [], more: ['opacity'] });
  });
});

describe('the timeline’s timing', () => {
  const anim = () =>
    m.normalizeDoc({
      name: 'Moving',
      type: 'animated',
      animation: { duration: 6 },
      formats: [{ name: 'square', width: 1000, height: 1000 }],
      layers: [
        {
          name: 's',
          type: 'text',
          layout: { x: 0, y: 0, width: 100, height: 100 },
          properties: { payload: 's' },
          animation: {
            start_at_s: 1.4,
            end_at_s: null,
            tweens: [
              {
                id: 's-slide',
                type: 'slide',
                keyframes: [
                  { time: 1.4, attr: { left: -80, top: 0 } },
                  { data: { time: 2.1 }, attr: { left: 0, top: 0 } },
                ],
              },
            ],
          },
        },
      ],
    });
  const layer = (d: m.Doc) => m.findLayer(d, 'square', 's')!;

  it('reads the window (an unset end is the duration) and the keyframes in either shape', () => {
    expect(timing.windowOf(anim(), layer(anim()))).toEqual({ start: 1.4, end: 6 });
    expect(timing.marksOf(layer(anim())).map((k) => [k.label, k.time])).toEqual([
      ['s-slide, keyframe 1', 1.4],
      ['s-slide, keyframe 2', 2.1],
    ]);
  });

  it('moves a window’s edge within the duration, the start before the end', () => {
    expect(layer(timing.withWindowEdge(anim(), 'square', 's', 'start', 0.52)).animation?.start_at_s).toBe(0.5);
    expect(layer(timing.withWindowEdge(anim(), 'square', 's', 'start', 9)).animation?.start_at_s).toBe(5.95);
    expect(layer(timing.withWindowEdge(anim(), 'square', 's', 'end', 1)).animation?.end_at_s).toBe(1.45);
  });

  it('moves a keyframe between its neighbours, where it keeps its time', () => {
    const later = timing.withKeyframeTime(anim(), 'square', 's', 0, 1, 3);
    expect(timing.marksOf(layer(later)).map((k) => k.time)).toEqual([1.4, 3]);
    expect((layer(later).animation!.tweens as { keyframes: unknown[] }[])[0]!.keyframes[1]).toEqual({
      data: { time: 3 },
      attr: { left: 0, top: 0 },
    });
    // Not past the keyframe before it.
    expect(timing.marksOf(layer(timing.withKeyframeTime(anim(), 'square', 's', 0, 1, 0))).map((k) => k.time)).toEqual([1.4, 1.45]);
  });

  it('moves the whole window with its keyframes, as far as the duration allows', () => {
    const earlier = timing.shiftTiming(anim(), 'square', 's', -0.5);
    expect(timing.windowOf(earlier, layer(earlier))).toEqual({ start: 0.9, end: 5.5 });
    expect(timing.marksOf(layer(earlier)).map((k) => k.time)).toEqual([0.9, 1.6]);
    // The end is at the duration already: it cannot go later.
    const same = anim();
    expect(timing.shiftTiming(same, 'square', 's', 1)).toBe(same);
  });
});

describe('copy and paste', () => {
  const target = { types: ['shape', 'text', 'button', 'group'], hasFont: (f: string) => f === 'Inter' };
  it('copies layers with their box and their properties as the format shows them', () => {
    const d = m.withProp(doc(), 'square', 'c', { key: 'font', field: null, onLayer: false }, 'Nowhere Sans');
    const clip = cb.copyLayers(d, 'square', ['a', 'c'])!;
    expect(clip.frame).toEqual({ width: 1000, height: 1000, unit: 'px' });
    expect(clip.layers.map((l) => [l.name, l.box.x, l.properties.font ?? null])).toEqual([
      ['a', 100, null],
      ['c', 600, 'Nowhere Sans'],
    ]);
    expect(cb.readClip(JSON.stringify(clip))).toEqual(clip);
    expect(cb.readClip('plain text')).toBeNull();
  });

  it('pastes into another format scaled by one factor, named afresh, saying what stayed out', () => {
    const d = m.withProp(doc(), 'square', 'c', { key: 'font', field: null, onLayer: false }, 'Nowhere Sans');
    const clip = cb.copyLayers(d, 'square', ['a', 'c'])!;
    clip.layers.push({ name: 'v', type: 'video', box: { x: 0, y: 0, width: 10, height: 10 }, properties: {} });
    const out = cb.pasteLayers(doc(), 'wide', clip, target);
    expect(out.names).toEqual(['a_2', 'c_2']);
    // wide is 2000 × 1000: x doubles, sizes keep the smaller factor (1).
    expect(m.boxOf(out.doc, 'wide', 'a_2')).toEqual({ x: 200, y: 100, width: 100, height: 100 });
    expect(m.propOf(out.doc, 'wide', 'a_2', { key: 'background_color', field: null, onLayer: false })).toBe('#111111');
    expect(m.propOf(out.doc, 'wide', 'c_2', { key: 'font', field: null, onLayer: false })).toBeUndefined();
    expect(out.said.join(' ')).toMatch(
      /v: a video layer is not available in a static design.*c: the font Nowhere Sans is not available here/,
    );
  });
});
