// What a shortcut or a toolbar button does to the design and the selection, pure: a command in,
// the next document and selection out (editor-keys.ts names the commands). The editor carries out
// the rest itself (undo, save, the sheet, zoom, moving the focus): those come back as `effect`.
import { type Alignment, addShape, alignLayers, distributeLayers, duplicateLayers, moveLayers, removeLayers } from './editor-arrange.js';
import type { Command } from './editor-keys.js';
import { nudgeOf } from './editor-keys.js';
import { addLayer, type Doc, findLayer, groupLayers, layersIn, ungroup } from './editor-model.js';
import { type Restack, restack } from './editor-transform.js';

export interface CommandState {
  doc: Doc;
  frame: string;
  /** The selected layers' names, the first being the one the properties panel shows. */
  selected: string[];
  /** Design units per screen pixel of a nudge (1 on screen designs; print: one rendered pixel). */
  unitsPerPixel: number;
  /** Layers that hold still (locked). */
  isLocked: (name: string) => boolean;
}

export type Effect =
  | 'undo'
  | 'redo'
  | 'save'
  | 'shortcuts'
  | 'edit'
  | 'zoom-in'
  | 'zoom-out'
  | 'zoom-fit'
  | 'zoom-100'
  | 'copy'
  | 'cut'
  | 'paste'
  | 'leave';

export interface Outcome {
  /** A changed design (one undo step). */
  doc?: Doc;
  selected?: string[];
  effect?: Effect;
  /** What happened, for the status line (a refusal says why). */
  said?: string;
}

const ALIGN: Partial<Record<Command, Alignment>> = {
  'align-left': 'left',
  'align-center': 'center',
  'align-right': 'right',
  'align-top': 'top',
  'align-middle': 'middle',
  'align-bottom': 'bottom',
};

const STACK_WORDS: Record<Restack, string> = { forward: 'forward', backward: 'backward', front: 'to the front', back: 'to the back' };

const EFFECTS: readonly Command[] = [
  'undo',
  'redo',
  'save',
  'shortcuts',
  'zoom-in',
  'zoom-out',
  'zoom-fit',
  'zoom-100',
  'copy',
  'cut',
  'paste',
];

/** The layers of the frame, top of the stack first (the order of the layers panel). */
export function stackOrder(doc: Doc, frame: string): string[] {
  return layersIn(doc, frame)
    .map(({ layer }) => layer.name)
    .reverse();
}

/** A command carried out on the state; `null` when it does nothing here (the key goes on as usual). */
export function runCommand(command: Command, s: CommandState): Outcome | null {
  if (EFFECTS.includes(command)) return { effect: command as Effect };
  const { doc, frame, selected } = s;
  const free = selected.filter((n) => !s.isLocked(n));
  const added = (made: { doc: Doc; name: string }, what: string): Outcome => ({
    doc: made.doc,
    selected: [made.name],
    said: `Added ${what} ${made.name}.`,
  });
  switch (command) {
    case 'add-text':
      return added(addLayer(doc, frame, 'text'), 'a text layer');
    case 'add-button':
      return added(addLayer(doc, frame, 'button'), 'a button');
    case 'add-rectangle':
      return added(addShape(doc, frame, 'rectangle'), 'a rectangle');
    case 'add-ellipse':
      return added(addShape(doc, frame, 'ellipse'), 'a circle');
    case 'select-all':
      return { selected: stackOrder(doc, frame) };
    case 'deselect':
      return selected.length ? { selected: [] } : null;
    case 'next':
    case 'previous': {
      const order = stackOrder(doc, frame);
      if (selected.length === 0) return command === 'next' && order.length ? { selected: [order[0]!] } : null;
      const i = order.indexOf(selected[0]!) + (command === 'next' ? 1 : -1);
      // Past either end, Tab leaves the canvas as it would anywhere else, the selection kept.
      return i >= 0 && i < order.length ? { selected: [order[i]!] } : { effect: 'leave' };
    }
    case 'edit':
      return selected.length === 1 ? { effect: 'edit' } : null;
    case 'delete':
      return free.length ? { doc: removeLayers(doc, frame, free), selected: [], said: `Deleted ${free.join(', ')}.` } : null;
    case 'duplicate': {
      if (selected.length === 0) return null;
      const copied = duplicateLayers(doc, frame, selected, 10 * s.unitsPerPixel, 10 * s.unitsPerPixel);
      return { doc: copied.doc, selected: copied.names, said: `Duplicated as ${copied.names.join(', ')}.` };
    }
    case 'group': {
      const grouped = groupLayers(doc, frame, selected);
      return grouped.name ? { doc: grouped.doc, selected: [grouped.name] } : null;
    }
    case 'ungroup': {
      const group = findLayer(doc, frame, selected[0]);
      return group?.type === 'group' ? { doc: ungroup(doc, frame, group.name), selected: group.layer_ids ?? [] } : null;
    }
    case 'forward':
    case 'backward':
    case 'front':
    case 'back': {
      const next = restack(doc, frame, selected, command);
      return next === doc
        ? { said: `${selected.length ? selected.join(', ') : 'Nothing'} cannot go ${STACK_WORDS[command]}.` }
        : { doc: next, said: `Moved ${selected.join(', ')} ${STACK_WORDS[command]}.` };
    }
    case 'distribute-x':
    case 'distribute-y':
      if (free.length < 3) return { said: 'Distribute takes three layers or more.' };
      return { doc: distributeLayers(doc, frame, free, command === 'distribute-x' ? 'x' : 'y') };
    default:
      break;
  }
  const alignment = ALIGN[command];
  if (alignment) return free.length ? { doc: alignLayers(doc, frame, free, alignment) } : null;
  // The nudge keys reach here; Shift is read by the caller (`nudge`).
  return null;
}

/** An arrow key's move of the selection (Shift: 10 steps), or null when nothing moves. */
export function nudge(command: Command, shift: boolean, s: CommandState): Outcome | null {
  const d = nudgeOf(command, shift);
  const free = s.selected.filter((n) => !s.isLocked(n));
  if (!d || free.length === 0) return null;
  return { doc: moveLayers(s.doc, s.frame, free, d[0] * s.unitsPerPixel, d[1] * s.unitsPerPixel) };
}

/** The zoom levels the zoom keys and buttons step through. */
export const ZOOM_STEPS = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4] as const;

/** The next zoom level in (`dir` 1) or out (−1) from `zoom`. */
export function stepZoom(zoom: number, dir: 1 | -1): number {
  const next = dir > 0 ? ZOOM_STEPS.find((z) => z > zoom + 1e-6) : [...ZOOM_STEPS].reverse().find((z) => z < zoom - 1e-6);
  return next ?? (dir > 0 ? ZOOM_STEPS.at(-1)! : ZOOM_STEPS[0]);
}
