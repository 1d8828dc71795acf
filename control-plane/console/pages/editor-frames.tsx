// The editor's frames bar: the format (or page) shown, a new format adapted from the current one
// ("Add a format", a form that refuses a taken name or a size the design cannot have, in its own
// words), removal, and "Resize to…" another format.
import { FRAME_SIZE } from '@pressroom/model/client';
import type { VNode } from 'preact';
import { useState } from 'preact/hooks';
import {
  addFormat,
  addPage,
  copyLayout,
  type Doc,
  frameIds,
  frameSize,
  isPixels,
  newFormatProblem,
  removeFormat,
  removePage,
} from '../editor-model.js';

/** The "Add a format" form as typed: its fields' text, and whether Add was tried (its problem then shows). */
interface Adding {
  name: string;
  width: string;
  height: string;
  tried: boolean;
}

const typedIn = (e: Event) => (e.currentTarget as HTMLInputElement | HTMLSelectElement).value;

export function FramesBar({
  doc,
  frame,
  setFrame,
  commit,
}: {
  doc: Doc;
  frame: string;
  setFrame: (frame: string) => void;
  commit: (doc: Doc) => void;
}): VNode {
  const multipage = doc.type === 'printer_multipage';
  const [copyTo, setCopyTo] = useState('');
  const [adding, setAdding] = useState<Adding | null>(null);
  const frames = frameIds(doc);
  const size = frameSize(doc, frame) ?? { width: 0, height: 0, unit: 'px' };
  const addOne = () => {
    if (multipage) {
      const next = addPage(doc);
      commit(next);
      setFrame(frameIds(next).at(-1) ?? frame);
      return;
    }
    setAdding({ name: `format_${frames.length + 1}`, width: String(size.height), height: String(size.width), tried: false });
  };
  const problem = adding ? newFormatProblem(doc, adding) : null;
  const submit = (e: Event) => {
    e.preventDefault();
    if (!adding) return;
    if (problem) {
      setAdding({ ...adding, tried: true });
      return;
    }
    commit(addFormat(doc, { name: adding.name, width: Number(adding.width), height: Number(adding.height) }, frame));
    setFrame(adding.name);
    setAdding(null);
  };
  const shownProblem = adding?.tried ? problem : null;
  return (
    <>
      <div class="row frames">
        <div class="field">
          <label for="ed-frame">{multipage ? 'Page' : 'Format'}</label>
          <select id="ed-frame" value={frame} onChange={(e: Event) => setFrame(typedIn(e))}>
            {frames.map((f) => {
              const s = frameSize(doc, f);
              return (
                <option value={f}>
                  {f} ({s?.width} × {s?.height} {s?.unit})
                </option>
              );
            })}
          </select>
        </div>
        <button type="button" class="secondary" onClick={addOne} aria-expanded={multipage ? undefined : adding ? 'true' : 'false'}>
          Add a {multipage ? 'page' : 'format'}
        </button>
        <button
          type="button"
          class="secondary"
          disabled={frames.length <= 1}
          onClick={() => {
            commit(multipage ? removePage(doc, frame) : removeFormat(doc, frame));
            setFrame(frames.find((f) => f !== frame) ?? frame);
          }}
        >
          Remove this {multipage ? 'page' : 'format'}
        </button>
        {multipage ? null : (
          <>
            <div class="field">
              <label for="ed-copy">Resize this layout to</label>
              <select id="ed-copy" value={copyTo} onChange={(e: Event) => setCopyTo(typedIn(e))}>
                <option value="">(a format)</option>
                {frames
                  .filter((f) => f !== frame)
                  .map((f) => (
                    <option key={f} value={f}>
                      {f}
                    </option>
                  ))}
              </select>
            </div>
            <button type="button" class="secondary" disabled={copyTo === ''} onClick={() => commit(copyLayout(doc, frame, copyTo))}>
              Resize to…
            </button>
          </>
        )}
      </div>
      {adding ? (
        // noValidate: a size out of bounds is said by the form's own message (newFormatProblem), not
        // refused silently by the browser's check of min, max and step.
        <form class="row new-format" aria-label="New format" noValidate onSubmit={submit}>
          {(['name', 'width', 'height'] as const).map((k) => (
            <div key={k} class="field">
              <label for={`ed-new-format-${k}`}>{k === 'name' ? 'Format name' : `${k} (${size.unit})`}</label>
              <input
                id={`ed-new-format-${k}`}
                {...(k === 'name'
                  ? { type: 'text' as const }
                  : { type: 'number' as const, step: isPixels(doc) ? 1 : 'any', min: FRAME_SIZE.min, max: FRAME_SIZE.max })}
                value={adding[k]}
                aria-invalid={shownProblem ? 'true' : 'false'}
                aria-describedby={shownProblem ? 'ed-new-format-error' : undefined}
                onInput={(e: Event) => setAdding({ ...adding, [k]: typedIn(e) })}
              />
            </div>
          ))}
          <button type="submit">Add format</button>
          <button type="button" class="secondary" onClick={() => setAdding(null)}>
            Cancel
          </button>
          <p class="hint">The layout of {frame} is adapted to the new size: layers keep their proportions and their edges.</p>
          {shownProblem ? (
            <p class="error" id="ed-new-format-error" role="alert">
              {shownProblem}
            </p>
          ) : null}
        </form>
      ) : null}
    </>
  );
}
