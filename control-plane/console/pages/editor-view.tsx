// The editor's view controls: zoom (fit, 100 %, in and out) and the `?` sheet of shortcuts, listed
// from the table the keys are read with (editor-keys.ts). The timeline is editor-timeline.ts.
import { Fragment, type RefObject, type VNode } from 'preact';
import { SHORTCUTS } from '../editor-keys.js';

export function ZoomBar({
  zoom,
  setZoom,
  zoomBy,
}: {
  zoom: 'fit' | number;
  setZoom: (zoom: 'fit' | number) => void;
  zoomBy: (dir: 1 | -1) => void;
}): VNode {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons named for the screen reader; a fieldset would draw a box and need a legend
    <span class="zoom-bar" role="group" aria-label="Zoom">
      <button type="button" class="secondary" aria-label="Zoom out" onClick={() => zoomBy(-1)}>
        −
      </button>
      <button type="button" class="secondary" aria-pressed={zoom === 'fit' ? 'true' : 'false'} onClick={() => setZoom('fit')}>
        Fit
      </button>
      <button type="button" class="secondary" aria-pressed={zoom === 1 ? 'true' : 'false'} onClick={() => setZoom(1)}>
        100 %
      </button>
      <button type="button" class="secondary" aria-label="Zoom in" onClick={() => zoomBy(1)}>
        +
      </button>
    </span>
  );
}

const GROUPS = [...new Set(SHORTCUTS.map((s) => s.group))];

/** The `?` sheet: every shortcut of the editor, by section, in a modal dialog (Escape closes it). */
export function ShortcutsSheet({ dialog }: { dialog: RefObject<HTMLDialogElement | null> }): VNode {
  return (
    <dialog ref={dialog} class="shortcuts" aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <p class="hint">The keys that act on layers work with the canvas focused (Tab to it, or click it). Ctrl is ⌘ on a Mac.</p>
      <div class="shortcut-groups">
        {GROUPS.map((g) => (
          <section key={g} aria-label={g}>
            <h3>{g}</h3>
            <dl>
              {SHORTCUTS.filter((s) => s.group === g).map((s) => (
                <Fragment key={s.command}>
                  <dt>
                    <kbd>{s.keys}</kbd>
                  </dt>
                  <dd>{s.does}</dd>
                </Fragment>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}
