import { describe, expect, it } from 'vitest';

// The selection's operations (editor-arrange.ts), the commands (editor-commands.ts) and the
// shortcut table (editor-keys.ts).
import * as a from './editor-arrange.js';
import { nudge, runCommand, stepZoom } from './editor-commands.js';
import { commandOf, type KeyPress, SHORTCUTS } from './editor-keys.js';
import * as m from './editor-model.js';

const three = () =>
  m.normalizeDoc({
    name: 'Three',
    type: 'static',
    formats: [
      { name: 'square', width: 1000, height: 1000 },
      { name: 'wide', width: 2000, height: 1000 },
    ],
    layers: [
      { name: 'a', type: 'shape', layout: { x: 100, y: 100, width: 100, height: 100 }, properties: { background_color: '#111111' } },
      { name: 'b', type: 'shape', layout: { x: 300, y: 250, width: 200, height: 50 }, properties: { background_color: '#222222' } },
      { name: 'c', type: 'shape', layout: { x: 800, y: 400, width: 100, height: 200 }, properties: { background_color: '#333333' } },
    ],
  });
const box = (doc: m.Doc, name: string, frame = 'square') => m.boxOf(doc, frame, name)!;
const state = (doc: m.Doc, selected: string[]) => ({ doc, frame: 'square', selected, unitsPerPixel: 1, isLocked: () => false });
const key = (k: Partial<KeyPress>): KeyPress => ({ key: '', code: '', mod: false, shift: false, alt: false, ...k });

describe('the selection', () => {
  it('aligns several layers to their bounds, and one layer to the frame', () => {
    const left = a.alignLayers(three(), 'square', ['a', 'b', 'c'], 'left');
    expect(['a', 'b', 'c'].map((n) => box(left, n).x)).toEqual([100, 100, 100]);
    const bottom = a.alignLayers(three(), 'square', ['a', 'b', 'c'], 'bottom');
    expect(['a', 'b', 'c'].map((n) => box(bottom, n).y + box(bottom, n).height)).toEqual([600, 600, 600]);
    const centred = a.alignLayers(three(), 'square', ['b'], 'center');
    expect(box(centred, 'b').x).toBe(400);
    // Only the current format moves.
    expect(box(centred, 'b', 'wide').x).toBe(300);
  });

  it('distributes three layers or more with equal gaps, the outer ones staying', () => {
    const doc = a.distributeLayers(three(), 'square', ['c', 'a', 'b'], 'x');
    // Span 100…900 (800), widths 400: two gaps of 200.
    expect(['a', 'b', 'c'].map((n) => box(doc, n).x)).toEqual([100, 400, 800]);
    expect(a.distributeLayers(three(), 'square', ['a', 'b'], 'x')).toEqual(three());
  });

  it('duplicates layers above their originals, named afresh, moved in every format, a group with its members', () => {
    let doc = a.duplicateLayers(three(), 'square', ['a', 'b'], 10, 10).doc;
    expect(doc.layers!.map((l) => l.name)).toEqual(['a', 'a_2', 'b', 'b_2', 'c']);
    expect(box(doc, 'a_2')).toEqual({ x: 110, y: 110, width: 100, height: 100 });
    expect(box(doc, 'a_2', 'wide')).toEqual({ x: 110, y: 110, width: 100, height: 100 });
    const grouped = m.groupLayers(three(), 'square', ['a', 'b']);
    const copied = a.duplicateLayers(grouped.doc, 'square', [grouped.name!], 0, 20);
    doc = copied.doc;
    expect(copied.names).toEqual(['group_2']);
    expect(m.findLayer(doc, 'square', 'group_2')!.layer_ids).toEqual(['a_2', 'b_2']);
    expect(box(doc, 'b_2').y).toBe(270);
  });

  it('moves a group once with its members, not its members twice', () => {
    const grouped = m.groupLayers(three(), 'square', ['a', 'b']);
    expect(a.movers(grouped.doc, 'square', ['a', grouped.name!, 'c'])).toEqual([grouped.name, 'c']);
    const doc = a.moveLayers(grouped.doc, 'square', ['a', grouped.name!], 5, 0);
    expect(box(doc, 'a').x).toBe(105);
  });

  it('adds a circle in a square box', () => {
    const { doc, name } = a.addShape(three(), 'square', 'ellipse');
    const b = box(doc, name);
    expect(b.width).toBe(b.height);
    expect(m.propOf(doc, 'square', name, { key: 'shape', field: null, onLayer: false })).toBe('ellipse');
  });
});

describe('the commands', () => {
  it('adds, selects the next layer down the stack, and leaves past the last', () => {
    const added = runCommand('add-text', state(three(), []))!;
    expect(added.selected).toEqual(['text']);
    expect(runCommand('next', state(three(), []))).toEqual({ selected: ['c'] });
    expect(runCommand('next', state(three(), ['c']))).toEqual({ selected: ['b'] });
    expect(runCommand('next', state(three(), ['a']))).toEqual({ effect: 'leave' });
    expect(runCommand('previous', state(three(), []))).toBeNull();
  });

  it('nudges the selection but not a locked layer, and refuses to distribute two', () => {
    const moved = nudge('nudge-right', true, state(three(), ['a', 'b']))!;
    expect([box(moved.doc!, 'a').x, box(moved.doc!, 'b').x]).toEqual([110, 310]);
    expect(nudge('nudge-right', false, { ...state(three(), ['a']), isLocked: () => true })).toBeNull();
    expect(runCommand('distribute-x', state(three(), ['a', 'b']))!.said).toMatch(/three layers/);
    expect(runCommand('delete', state(three(), ['a', 'c']))!.doc!.layers!.map((l) => l.name)).toEqual(['b']);
  });

  it('steps the zoom through its levels', () => {
    expect(stepZoom(0.62, 1)).toBe(0.75);
    expect(stepZoom(0.62, -1)).toBe(0.5);
    expect(stepZoom(4, 1)).toBe(4);
  });
});

describe('the shortcut table', () => {
  it('reads keys by their position, and canvas keys only on the canvas', () => {
    expect(commandOf(key({ key: 'å', code: 'KeyA', alt: true }), true)).toBe('align-left');
    expect(commandOf(key({ key: 'z', code: 'KeyZ', mod: true }), false)).toBe('undo');
    expect(commandOf(key({ key: 'Z', code: 'KeyZ', mod: true, shift: true }), false)).toBe('redo');
    expect(commandOf(key({ key: 't', code: 'KeyT' }), false)).toBeNull();
    expect(commandOf(key({ key: 't', code: 'KeyT' }), true)).toBe('add-text');
    expect(commandOf(key({ key: 'ArrowLeft', shift: true }), true)).toBe('nudge-left');
    expect(commandOf(key({ key: '?', code: 'Slash', shift: true }), false)).toBe('shortcuts');
  });

  it('has one shortcut per key', () => {
    const taken = new Map<string, string>();
    for (const s of SHORTCUTS) {
      expect(taken.get(s.keys), s.keys).toBeUndefined();
      taken.set(s.keys, s.command);
    }
  });
});
