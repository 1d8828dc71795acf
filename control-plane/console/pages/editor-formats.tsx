// Every format (or page) of the design side by side, each drawn by the canvas's own code (the
// renderer's `drawFormat`, as the canvas and the workers draw it), scaled to a tile; "Edit" on a
// tile goes back to the canvas on that format.
import type { VNode } from 'preact';
import { useMemo } from 'preact/hooks';
import { here, type Kit } from '../editor-io.js';
import { type Doc, frameIds, frameSize } from '../editor-model.js';

/** A tile's longer side, in screen pixels. */
const TILE_PX = 260;

export function AllFormats({ doc, kit, frame, edit }: { doc: Doc; kit: Kit; frame: string; edit: (frame: string) => void }): VNode {
  const frames = frameIds(doc);
  const drawn = useMemo(() => frames.map((f) => ({ f, drawn: kit.canvas.drawFormat(here(kit, doc), f, kit.catalogue) })), [doc, kit]);
  return (
    <ul class="all-formats" aria-label={`All ${frames.length} ${doc.type === 'printer_multipage' ? 'pages' : 'formats'}`}>
      {drawn.map(({ f, drawn: d }) => {
        const size = frameSize(doc, f);
        const title = `${f}${size ? ` (${size.width} × ${size.height} ${size.unit})` : ''}`;
        if (!d.ok)
          return (
            <li key={f} data-format-tile={f}>
              <p>{title}</p>
              <p class="error">{d.issues.map((i) => i.message).join('; ')}</p>
            </li>
          );
        const scale = Math.min(1, TILE_PX / Math.max(d.width, d.height));
        return (
          <li key={f} data-format-tile={f} class={f === frame ? 'current' : ''}>
            <div class="tile" style={{ width: `${d.width * scale}px`, height: `${d.height * scale}px` }}>
              <iframe
                title={`${title}, drawn`}
                tabindex={-1}
                srcdoc={d.document}
                style={{ width: `${d.width}px`, height: `${d.height}px`, transform: `scale(${scale})` }}
              />
            </div>
            <p>{title}</p>
            <button type="button" class="secondary" onClick={() => edit(f)}>
              Edit {f}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
