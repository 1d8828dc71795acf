// The editor's canvas: the frame as the farm draws it (the renderer's document in an iframe), scaled
// to fit, under an overlay that selects, moves and resizes with snapping guides; and the timing of
// an animated design's layers.
import { useEffect, useRef, useState } from 'preact/hooks';
import { boxOf, dragBox, edgesOf, layersIn, snapBox, withBox } from '../editor-model.js';
import { html } from '../ui.js';

/** Snapping reach, in screen pixels. */
const SNAP_PX = 6;
const HANDLES = ['nw', 'ne', 'sw', 'se'];

/**
 * The frame as the farm draws it (an iframe with the renderer's document), scaled to fit, under
 * an overlay that takes the mouse: select, move and resize, with snapping guides; bleed and safe
 * zones on print.
 */
export function Canvas({ drawn, doc, frame, size, selected, setSelected, commit, isLocked }) {
  const stage = useRef(null);
  const frameEl = useRef(null);
  // The document the iframe has drawn and fitted: the canvas is ready when it is the current one.
  const [drawnDoc, setDrawnDoc] = useState(null);
  const [drag, setDrag] = useState(null);
  // The room the canvas has: its column's width, and the window's height below its top edge.
  const [room, setRoom] = useState({ width: 720, height: 720 });
  useEffect(() => {
    const measure = () => {
      const wrap = stage.current?.parentElement;
      if (!wrap) return;
      const top = wrap.getBoundingClientRect().top + scrollY;
      setRoom({ width: wrap.closest('.editor-stage').clientWidth - 4, height: Math.max(240, innerHeight - top - 16) });
    };
    measure();
    addEventListener('resize', measure);
    return () => removeEventListener('resize', measure);
  }, []);
  const zoom = Math.min(1, room.width / drawn.width, room.height / drawn.height);
  // Screen pixels per design unit, and the bleed's offset.
  const k = zoom * drawn.pxPerUnit;
  const off = drawn.bleed;
  useEffect(() => {
    const el = frameEl.current;
    const onLoad = () => {
      const fitted = el.contentWindow?.__pressroom?.ready ?? Promise.resolve();
      fitted.then(() => setDrawnDoc(drawn.document));
    };
    el.addEventListener('load', onLoad);
    el.srcdoc = drawn.document;
    return () => el.removeEventListener('load', onLoad);
  }, [drawn.document]);

  const layers = layersIn(doc, frame).map(({ layer }) => layer);
  const boxes = new Map(layers.map((l) => [l.name, boxOf(doc, frame, l.name)]));
  const others = (name) => [...boxes].filter(([n, b]) => n !== name && b).map(([, b]) => b);

  const start = (e, name, handle) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    setSelected([name]);
    stage.current.focus();
    if (isLocked(name)) return;
    setDrag({ name, handle, x0: e.clientX, y0: e.clientY, box: boxes.get(name), now: boxes.get(name), guides: [] });
  };
  useEffect(() => {
    if (!drag) return;
    const move = (e) => {
      const raw = dragBox(drag.box, drag.handle, (e.clientX - drag.x0) / k, (e.clientY - drag.y0) / k);
      const snapped = e.altKey
        ? { box: raw, guides: [] }
        : snapBox(raw, { frame: size, others: others(drag.name), threshold: SNAP_PX / k, moving: edgesOf(drag.handle) });
      setDrag((d) => d && { ...d, now: snapped.box, guides: snapped.guides });
    };
    const up = () => {
      setDrag((d) => {
        if (d && (d.now.x !== d.box.x || d.now.y !== d.box.y || d.now.width !== d.box.width || d.now.height !== d.box.height))
          commit(withBox(doc, frame, d.name, d.now));
        return null;
      });
    };
    addEventListener('pointermove', move);
    addEventListener('pointerup', up);
    return () => {
      removeEventListener('pointermove', move);
      removeEventListener('pointerup', up);
    };
  }, [drag?.name, drag?.handle, doc, frame]);

  const place = (b) => ({
    left: `${(b.x + off) * k}px`,
    top: `${(b.y + off) * k}px`,
    width: `${b.width * k}px`,
    height: `${b.height * k}px`,
  });
  const shown = (name) => (drag?.name === name ? drag.now : boxes.get(name));
  return html`<div class="canvas-wrap" style=${{ width: `${drawn.width * zoom}px`, height: `${drawn.height * zoom}px` }}
      data-zoom=${zoom} data-ready=${drawnDoc === drawn.document ? 'true' : 'false'}>
    <iframe ref=${frameEl} class="canvas-frame" title=${`Canvas of ${frame}`} tabindex="-1"
      style=${{ width: `${drawn.width}px`, height: `${drawn.height}px`, transform: `scale(${zoom})` }}></iframe>
    <div ref=${stage} class="canvas-overlay" tabindex="0" role="application"
      aria-label="Canvas: click a layer to select it; arrow keys move it (Shift: 10 pixels), Delete removes it, Escape deselects"
      onPointerDown=${(e) => {
        if (e.target === e.currentTarget) setSelected([]);
      }}>
      ${drawn.bleed > 0 ? html`<div class="zone trim" style=${place({ x: 0, y: 0, width: size.width, height: size.height })}></div>` : null}
      ${
        drawn.safe > 0
          ? html`<div class="zone safe" style=${place({ x: drawn.safe, y: drawn.safe, width: size.width - 2 * drawn.safe, height: size.height - 2 * drawn.safe })}></div>`
          : null
      }
      ${layers.map((l) => {
        const b = shown(l.name);
        if (!b || l.hidden === true) return null;
        const isSel = selected.includes(l.name);
        return html`<div key=${l.name} class=${`hit${isSel ? ' selected' : ''}${l.type === 'group' ? ' group' : ''}`}
          data-hit=${l.name} style=${place(b)} onPointerDown=${(e) => start(e, l.name, 'move')}>
          ${isSel && !isLocked(l.name) ? HANDLES.map((h) => html`<span class=${`handle ${h}`} data-handle=${h} onPointerDown=${(e) => start(e, l.name, h)}></span>`) : null}
        </div>`;
      })}
      ${(drag?.guides ?? []).map(
        (g) =>
          html`<div class=${`guide ${g.axis}`} style=${g.axis === 'x' ? { left: `${(g.at + off) * k}px` } : { top: `${(g.at + off) * k}px` }}></div>`,
      )}
    </div>
  </div>`;
}

export function Timing({ doc }) {
  return html`<section aria-labelledby="timing-title">
    <h2 id="timing-title">Timing <small>(${doc.animation?.duration ?? '?'} s)</small></h2>
    <ul class="timing">
      ${doc.layers.map((l) => {
        const d = doc.animation?.duration ?? 1;
        const from = l.animation?.start_at_s ?? 0;
        const to = l.animation?.end_at_s ?? d;
        return html`<li><span class="name">${l.name}</span>
          <span class="bar" aria-hidden="true"
            style=${{ marginLeft: `${(from / d) * 60}%`, width: `${((to - from) / d) * 60}%` }}></span> ${from}–${to} s</li>`;
      })}
    </ul>
  </section>`;
}
