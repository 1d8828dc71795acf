// The editor's properties panel when several layers are selected (their bounds), and the
// arrangement buttons it shares with a single layer's panel (align, distribute, duplicate).
import type { VNode } from 'preact';
import { NumberField } from '../controls.js';
import { moveLayers, movers } from '../editor-arrange.js';
import type { Command } from '../editor-keys.js';
import { type Box, boxOf, type Doc, frameSize, unionBox } from '../editor-model.js';

/** Takes an edited design: successive edits with the same `key` (a field typed in) are one undo step. */
export type Commit = (doc: Doc, key?: string | null) => void;

/** A box's fields, in the order the panels show them. */
export const BOX_KEYS = ['x', 'y', 'width', 'height'] as const;
/**
 * The bounds of the panel's own number fields (a box, a timing), typed key by key as a
 * property's (NumberField); a width or height is taken when left, not on the way. A frame's size
 * has the import's bounds (`FRAME_SIZE`), and says under itself a size the design cannot have.
 */
export const FREE = { min: null, max: null };

/** The arrangement buttons: align (one layer: to the frame), distribute (three or more), duplicate. */
export function Arrange({ run, count }: { run: (command: Command) => boolean; count: number }): VNode {
  const button = (command: Command, label: string, disabled = false) => (
    <button type="button" class="secondary" disabled={disabled} onClick={() => run(command)}>
      {label}
    </button>
  );
  return (
    <fieldset class="arrange">
      <legend>Arrange{count === 1 ? ' in the frame' : ''}</legend>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons named for the screen reader; a fieldset would draw a box and need a legend */}
      <div class="row" role="group" aria-label="Align">
        {button('align-left', 'Left')}
        {button('align-center', 'Centre')}
        {button('align-right', 'Right')}
        {button('align-top', 'Top')}
        {button('align-middle', 'Middle')}
        {button('align-bottom', 'Bottom')}
      </div>
      {count > 1 ? (
        // biome-ignore lint/a11y/useSemanticElements: a row of buttons named for the screen reader; a fieldset would draw a box and need a legend
        <div class="row" role="group" aria-label="Distribute">
          {button('distribute-x', 'Distribute horizontally', count < 3)}
          {button('distribute-y', 'Distribute vertically', count < 3)}
        </div>
      ) : null}
      <div class="row">
        {button('duplicate', 'Duplicate')}
        {button('delete', 'Delete')}
      </div>
    </fieldset>
  );
}

/** Several layers selected: their bounds (x and y move them all), and the arrangement buttons. */
export function SelectionPanel({
  doc,
  frame,
  selected,
  commit,
  run,
}: {
  doc: Doc;
  frame: string;
  selected: string[];
  commit: Commit;
  run: (command: Command) => boolean;
}): VNode {
  const boxes = movers(doc, frame, selected).flatMap((n): Box[] => {
    const b = boxOf(doc, frame, n);
    return b ? [b] : [];
  });
  const bounds = boxes.length ? unionBox(boxes) : null;
  const unit = frameSize(doc, frame)?.unit ?? 'px';
  return (
    <section class="panel props-panel" aria-labelledby="props-title">
      <h2 id="props-title">{selected.length} layers</h2>
      <p class="hint">{selected.join(', ')}</p>
      <fieldset class="box-fields">
        <legend>
          Bounds in {frame} ({unit})
        </legend>
        {BOX_KEYS.map((k) => (
          <div key={k} class="field">
            <label for={`ed-sel-${k}`}>{k}</label>
            <NumberField
              attrs={{ id: `ed-sel-${k}`, readonly: k === 'width' || k === 'height' }}
              value={bounds?.[k]}
              step="any"
              bounds={FREE}
              clearable={false}
              onChange={(v: number) => {
                if (bounds && (k === 'x' || k === 'y'))
                  commit(
                    moveLayers(doc, frame, selected, k === 'x' ? v - bounds.x : 0, k === 'y' ? v - bounds.y : 0),
                    `${frame}/selection-${k}`,
                  );
              }}
            />
          </div>
        ))}
      </fieldset>
      <Arrange run={run} count={selected.length} />
    </section>
  );
}
