// The editor's keyboard shortcuts, as in Figma and Canva: one table that both reads a key press
// (`commandOf`) and lists the keys on the `?` sheet, so the two cannot drift apart. Pure.

/** What a shortcut does; the editor (pages/editor.ts) carries each one out. */
export type Command =
  | 'undo'
  | 'redo'
  | 'save'
  | 'duplicate'
  | 'copy'
  | 'cut'
  | 'paste'
  | 'select-all'
  | 'group'
  | 'ungroup'
  | 'shortcuts'
  | 'deselect'
  | 'delete'
  | 'next'
  | 'previous'
  | 'edit'
  | 'add-text'
  | 'add-rectangle'
  | 'add-ellipse'
  | 'add-button'
  | 'nudge-left'
  | 'nudge-right'
  | 'nudge-up'
  | 'nudge-down'
  | 'align-left'
  | 'align-center'
  | 'align-right'
  | 'align-top'
  | 'align-middle'
  | 'align-bottom'
  | 'distribute-x'
  | 'distribute-y'
  | 'forward'
  | 'backward'
  | 'front'
  | 'back'
  | 'zoom-in'
  | 'zoom-out'
  | 'zoom-fit'
  | 'zoom-100';

/** The parts of a KeyboardEvent a shortcut reads. `mod` is Ctrl, or ⌘ on a Mac. */
export interface KeyPress {
  key: string;
  code: string;
  mod: boolean;
  shift: boolean;
  alt: boolean;
}

/** Where a shortcut works: anywhere in the editor but a field, or with the canvas focused. */
export type Scope = 'editor' | 'canvas';

export interface Shortcut {
  command: Command;
  /** As the sheet shows it. */
  keys: string;
  does: string;
  scope: Scope;
  /** The sheet's section. */
  group: 'Edit' | 'Add' | 'Select' | 'Move' | 'Arrange' | 'View';
  match: (k: KeyPress) => boolean;
}

/** A letter key by its position (`KeyA`), so Alt+A is Alt+A on a Mac too (where it types å). */
const letter = (l: string) => (k: KeyPress) => k.code === `Key${l.toUpperCase()}`;
/** A bracket key by its position (`BracketRight`), whatever it types with Shift (`}`). */
const bracket = (side: 'Left' | 'Right') => (k: KeyPress) => k.code === `Bracket${side}`;
const plain = (k: KeyPress) => !k.mod && !k.alt;
const only = (test: (k: KeyPress) => boolean, mods: { mod?: boolean; shift?: boolean; alt?: boolean }) => (k: KeyPress) =>
  test(k) && k.mod === (mods.mod ?? false) && k.shift === (mods.shift ?? false) && k.alt === (mods.alt ?? false);

export const SHORTCUTS: readonly Shortcut[] = [
  { command: 'undo', keys: 'Ctrl+Z', does: 'Undo', scope: 'editor', group: 'Edit', match: only(letter('z'), { mod: true }) },
  {
    command: 'redo',
    keys: 'Ctrl+Shift+Z or Ctrl+Y',
    does: 'Redo',
    scope: 'editor',
    group: 'Edit',
    match: (k) => only(letter('z'), { mod: true, shift: true })(k) || only(letter('y'), { mod: true })(k),
  },
  { command: 'save', keys: 'Ctrl+S', does: 'Save', scope: 'editor', group: 'Edit', match: only(letter('s'), { mod: true }) },
  {
    command: 'shortcuts',
    keys: '?',
    does: 'Show these shortcuts',
    scope: 'editor',
    group: 'Edit',
    match: (k) => k.key === '?' && !k.mod && !k.alt,
  },
  {
    command: 'duplicate',
    keys: 'Ctrl+D',
    does: 'Duplicate the selection',
    scope: 'canvas',
    group: 'Edit',
    match: only(letter('d'), { mod: true }),
  },
  {
    command: 'copy',
    keys: 'Ctrl+C',
    does: 'Copy the selection (as layers, to paste into any format or design)',
    scope: 'canvas',
    group: 'Edit',
    match: only(letter('c'), { mod: true }),
  },
  { command: 'cut', keys: 'Ctrl+X', does: 'Cut the selection', scope: 'canvas', group: 'Edit', match: only(letter('x'), { mod: true }) },
  {
    command: 'paste',
    keys: 'Ctrl+V',
    does: 'Paste layers on top, scaled to this format',
    scope: 'canvas',
    group: 'Edit',
    match: only(letter('v'), { mod: true }),
  },
  {
    command: 'delete',
    keys: 'Delete or Backspace',
    does: 'Delete the selection',
    scope: 'canvas',
    group: 'Edit',
    match: (k) => plain(k) && (k.key === 'Delete' || k.key === 'Backspace'),
  },
  {
    command: 'edit',
    keys: 'Enter',
    does: 'Edit the selected layer’s text (or its first property); Escape comes back to the canvas',
    scope: 'canvas',
    group: 'Edit',
    match: (k) => plain(k) && !k.shift && k.key === 'Enter',
  },
  { command: 'add-text', keys: 'T', does: 'Add a text layer', scope: 'canvas', group: 'Add', match: only(letter('t'), {}) },
  { command: 'add-rectangle', keys: 'R', does: 'Add a rectangle', scope: 'canvas', group: 'Add', match: only(letter('r'), {}) },
  { command: 'add-ellipse', keys: 'O', does: 'Add a circle', scope: 'canvas', group: 'Add', match: only(letter('o'), {}) },
  { command: 'add-button', keys: 'B', does: 'Add a button', scope: 'canvas', group: 'Add', match: only(letter('b'), {}) },
  {
    command: 'next',
    keys: 'Tab',
    does: 'Select the next layer down the stack (after the last, Tab leaves the canvas)',
    scope: 'canvas',
    group: 'Select',
    match: (k) => plain(k) && !k.shift && k.key === 'Tab',
  },
  {
    command: 'previous',
    keys: 'Shift+Tab',
    does: 'Select the layer above (at the top, Shift+Tab leaves the canvas)',
    scope: 'canvas',
    group: 'Select',
    match: (k) => plain(k) && k.shift && k.key === 'Tab',
  },
  {
    command: 'select-all',
    keys: 'Ctrl+A',
    does: 'Select every layer of the format',
    scope: 'canvas',
    group: 'Select',
    match: only(letter('a'), { mod: true }),
  },
  { command: 'deselect', keys: 'Escape', does: 'Select nothing', scope: 'canvas', group: 'Select', match: (k) => k.key === 'Escape' },
  {
    command: 'nudge-left',
    keys: '←',
    does: 'Move the selection 1 pixel left (Shift: 10)',
    scope: 'canvas',
    group: 'Move',
    match: (k) => plain(k) && k.key === 'ArrowLeft',
  },
  {
    command: 'nudge-right',
    keys: '→',
    does: 'Move the selection 1 pixel right (Shift: 10)',
    scope: 'canvas',
    group: 'Move',
    match: (k) => plain(k) && k.key === 'ArrowRight',
  },
  {
    command: 'nudge-up',
    keys: '↑',
    does: 'Move the selection 1 pixel up (Shift: 10)',
    scope: 'canvas',
    group: 'Move',
    match: (k) => plain(k) && k.key === 'ArrowUp',
  },
  {
    command: 'nudge-down',
    keys: '↓',
    does: 'Move the selection 1 pixel down (Shift: 10)',
    scope: 'canvas',
    group: 'Move',
    match: (k) => plain(k) && k.key === 'ArrowDown',
  },
  {
    command: 'group',
    keys: 'Ctrl+G',
    does: 'Group the selection',
    scope: 'canvas',
    group: 'Arrange',
    match: only(letter('g'), { mod: true }),
  },
  {
    command: 'ungroup',
    keys: 'Ctrl+Shift+G',
    does: 'Ungroup',
    scope: 'canvas',
    group: 'Arrange',
    match: only(letter('g'), { mod: true, shift: true }),
  },
  { command: 'align-left', keys: 'Alt+A', does: 'Align left', scope: 'canvas', group: 'Arrange', match: only(letter('a'), { alt: true }) },
  {
    command: 'align-center',
    keys: 'Alt+H',
    does: 'Align horizontal centres',
    scope: 'canvas',
    group: 'Arrange',
    match: only(letter('h'), { alt: true }),
  },
  {
    command: 'align-right',
    keys: 'Alt+D',
    does: 'Align right',
    scope: 'canvas',
    group: 'Arrange',
    match: only(letter('d'), { alt: true }),
  },
  { command: 'align-top', keys: 'Alt+W', does: 'Align top', scope: 'canvas', group: 'Arrange', match: only(letter('w'), { alt: true }) },
  {
    command: 'align-middle',
    keys: 'Alt+V',
    does: 'Align vertical centres',
    scope: 'canvas',
    group: 'Arrange',
    match: only(letter('v'), { alt: true }),
  },
  {
    command: 'align-bottom',
    keys: 'Alt+S',
    does: 'Align bottom',
    scope: 'canvas',
    group: 'Arrange',
    match: only(letter('s'), { alt: true }),
  },
  {
    command: 'distribute-x',
    keys: 'Alt+Shift+H',
    does: 'Distribute horizontally (three layers or more)',
    scope: 'canvas',
    group: 'Arrange',
    match: only(letter('h'), { alt: true, shift: true }),
  },
  {
    command: 'distribute-y',
    keys: 'Alt+Shift+V',
    does: 'Distribute vertically (three layers or more)',
    scope: 'canvas',
    group: 'Arrange',
    match: only(letter('v'), { alt: true, shift: true }),
  },
  {
    command: 'forward',
    keys: 'Ctrl+]',
    does: 'Bring the selection forward, over the layer above (on the canvas or in the layers panel)',
    scope: 'editor',
    group: 'Arrange',
    match: only(bracket('Right'), { mod: true }),
  },
  {
    command: 'backward',
    keys: 'Ctrl+[',
    does: 'Send the selection backward, under the layer below',
    scope: 'editor',
    group: 'Arrange',
    match: only(bracket('Left'), { mod: true }),
  },
  {
    command: 'front',
    keys: 'Ctrl+Shift+]',
    does: 'Bring the selection to the front',
    scope: 'editor',
    group: 'Arrange',
    match: only(bracket('Right'), { mod: true, shift: true }),
  },
  {
    command: 'back',
    keys: 'Ctrl+Shift+[',
    does: 'Send the selection to the back',
    scope: 'editor',
    group: 'Arrange',
    match: only(bracket('Left'), { mod: true, shift: true }),
  },
  {
    command: 'zoom-in',
    keys: 'Ctrl++ or Ctrl+wheel',
    does: 'Zoom in',
    scope: 'editor',
    group: 'View',
    match: (k) => k.mod && !k.alt && (k.key === '+' || k.key === '='),
  },
  {
    command: 'zoom-out',
    keys: 'Ctrl+− or Ctrl+wheel',
    does: 'Zoom out',
    scope: 'editor',
    group: 'View',
    match: (k) => k.mod && !k.alt && (k.key === '-' || k.key === '_'),
  },
  {
    command: 'zoom-fit',
    keys: 'Shift+1',
    does: 'Zoom to fit',
    scope: 'editor',
    group: 'View',
    match: (k) => !k.mod && !k.alt && k.shift && k.code === 'Digit1',
  },
  {
    command: 'zoom-100',
    keys: 'Ctrl+0',
    does: 'Zoom to 100 %',
    scope: 'editor',
    group: 'View',
    match: (k) => k.mod && !k.alt && k.code === 'Digit0',
  },
];

/** The shortcut a key press makes, where it was pressed, or null. */
export function commandOf(k: KeyPress, onCanvas: boolean): Command | null {
  const hit = SHORTCUTS.find((s) => (onCanvas || s.scope === 'editor') && s.match(k));
  return hit?.command ?? null;
}

/** The key press of a KeyboardEvent (Ctrl, or ⌘ on a Mac, is `mod`). */
export function keyPressOf(e: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): KeyPress {
  return { key: e.key, code: e.code, mod: e.ctrlKey || e.metaKey, shift: e.shiftKey, alt: e.altKey };
}

/** The nudge of an arrow command, in steps (Shift: 10). */
export function nudgeOf(command: Command, shift: boolean): [number, number] | null {
  const n = shift ? 10 : 1;
  const d: Partial<Record<Command, [number, number]>> = {
    'nudge-left': [-n, 0],
    'nudge-right': [n, 0],
    'nudge-up': [0, -n],
    'nudge-down': [0, n],
  };
  return d[command] ?? null;
}
