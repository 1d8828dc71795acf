// The editor's view controls: zoom (fit, 100 %, in and out), the timeline of an animated design
// (play, and a scrub that sets the moment the canvas shows), and the `?` sheet of shortcuts, listed
// from the table the keys are read with (editor-keys.ts).
import type { RefObject, VNode } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { SHORTCUTS } from '../editor-keys.js';
import type { Doc } from '../editor-model.js';
import { html } from '../ui.js';

export function ZoomBar({
  zoom,
  setZoom,
  zoomBy,
}: {
  zoom: 'fit' | number;
  setZoom: (zoom: 'fit' | number) => void;
  zoomBy: (dir: 1 | -1) => void;
}): VNode {
  return html`<span class="zoom-bar" role="group" aria-label="Zoom">
    <button type="button" class="secondary" aria-label="Zoom out" onClick=${() => zoomBy(-1)}>−</button>
    <button type="button" class="secondary" aria-pressed=${zoom === 'fit' ? 'true' : 'false'} onClick=${() => setZoom('fit')}>Fit</button>
    <button type="button" class="secondary" aria-pressed=${zoom === 1 ? 'true' : 'false'} onClick=${() => setZoom(1)}>100 %</button>
    <button type="button" class="secondary" aria-label="Zoom in" onClick=${() => zoomBy(1)}>+</button>
  </span>`;
}

/** Seconds shown with one decimal. */
const seconds = (t: number) => `${Math.round(t * 10) / 10} s`;

/**
 * The timeline of an animated design: a scrub (a slider: drag it, or its keys, arrows by a tenth
 * of a second) that sets the moment the canvas shows, play and pause, "As designed" (no moment),
 * and each layer's visibility window as a bar.
 */
export function Timeline({ doc, time, setTime }: { doc: Doc; time: number | null; setTime: (t: number | null) => void }): VNode {
  const duration = doc.animation?.duration ?? 1;
  const playing = useRef<number | null>(null);
  const stop = () => {
    if (playing.current !== null) cancelAnimationFrame(playing.current);
    playing.current = null;
  };
  useEffect(() => stop, []);
  const play = () => {
    stop();
    const from = time === null || time >= duration ? 0 : time;
    const t0 = performance.now();
    const tick = (now: number) => {
      const t = Math.min(duration, from + (now - t0) / 1000);
      setTime(t);
      playing.current = t < duration ? requestAnimationFrame(tick) : null;
    };
    playing.current = requestAnimationFrame(tick);
  };
  return html`<section class="timeline" aria-labelledby="timing-title">
    <h2 id="timing-title">Timeline <small>(${duration} s)</small></h2>
    <div class="row">
      <button type="button" class="secondary" onClick=${() => (playing.current === null ? play() : stop())}>Play / pause</button>
      <label for="ed-time">Time</label>
      <input id="ed-time" type="range" min="0" max=${duration} step="0.1" value=${time ?? 0}
        aria-valuetext=${time === null ? 'as designed' : seconds(time)}
        onInput=${(e: Event) => {
          stop();
          setTime(Number((e.currentTarget as HTMLInputElement).value));
        }} />
      <output for="ed-time" class="time-now">${time === null ? 'As designed' : seconds(time)}</output>
      <button type="button" class="secondary" disabled=${time === null} onClick=${() => {
        stop();
        setTime(null);
      }}>As designed</button>
    </div>
    <ul class="timing">
      ${(doc.layers ?? []).map((l) => {
        const from = numberOr(l.animation?.start_at_s, 0);
        const to = numberOr(l.animation?.end_at_s, duration);
        return html`<li><span class="name">${l.name}</span>
          <span class="track" aria-hidden="true"><span class="bar"
            style=${{ marginLeft: `${(from / duration) * 100}%`, width: `${((to - from) / duration) * 100}%` }}></span>
            ${time === null ? null : html`<span class="playhead" style=${{ left: `${(time / duration) * 100}%` }}></span>`}</span>
          ${from}–${to} s</li>`;
      })}
    </ul>
  </section>`;
}

const numberOr = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);

const GROUPS = [...new Set(SHORTCUTS.map((s) => s.group))];

/** The `?` sheet: every shortcut of the editor, by section, in a modal dialog (Escape closes it). */
export function ShortcutsSheet({ dialog }: { dialog: RefObject<HTMLDialogElement> }): VNode {
  return html`<dialog ref=${dialog} class="shortcuts" aria-labelledby="shortcuts-title">
    <h2 id="shortcuts-title">Keyboard shortcuts</h2>
    <p class="hint">The keys that act on layers work with the canvas focused (Tab to it, or click it). Ctrl is ⌘ on a Mac.</p>
    <div class="shortcut-groups">
      ${GROUPS.map(
        (g) => html`<section aria-label=${g}><h3>${g}</h3><dl>
          ${SHORTCUTS.filter((s) => s.group === g).map((s) => html`<dt><kbd>${s.keys}</kbd></dt><dd>${s.does}</dd>`)}
        </dl></section>`,
      )}
    </div>
    <form method="dialog"><button type="submit">Close</button></form>
  </dialog>`;
}
