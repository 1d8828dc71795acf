// The editor's canvas: the frame as the farm draws it (the renderer's document in an iframe), at
// the zoom asked (fit, or a factor, scrolled to pan), under an overlay that selects (click,
// Shift-click, marquee), moves, resizes and turns the selection (one layer by its own handles,
// several by their selection box), with snapping guides; on an animated design, the moment the
// timeline asks for, drawn by the workers' own player.
import type { VNode } from 'preact';
import { type Dispatch, type StateUpdater, useEffect, useRef, useState } from 'preact/hooks';
import { moveLayers, movers } from '../editor-arrange.js';
import type { Drawn, LayerState, Moment } from '../editor-io.js';
import {
  type Box,
  boxOf,
  type Doc,
  dragBox,
  edgesOf,
  type FrameSize,
  type Handle,
  layersIn,
  type Place,
  propOf,
  snapBox,
  unionBox,
  withBox,
  withProp,
} from '../editor-model.js';
import { type Drag, dot, follow, type Marquee, meets, type Point } from '../editor-pointer.js';
import { angleOf, normalAngle, resizeBox, rotateLayers, scaleLayers, snapAngle } from '../editor-transform.js';

import { CanvasText } from './editor-text.js';

/** Snapping reach, in screen pixels. */
const SNAP_PX = 6;
const HANDLES = ['nw', 'ne', 'sw', 'se'] as const;
/** A marquee smaller than this (screen pixels) is a click on the empty canvas. */
const CLICK_PX = 3;

/** The window of the canvas's iframe: the renderer's document, and the workers' player once installed. */
interface CanvasWindow {
  document: Document;
  __pressroom?: { ready: Promise<unknown> };
  __prAnim?: {
    prepare(typewriting: [string, string][], videos: [string, string][]): void;
    apply(states: LayerState[], videoFrames: Record<string, string | null>): Promise<void>;
  };
}

export interface CanvasProps {
  drawn: Extract<Drawn, { ok: true }>;
  doc: Doc;
  frame: string;
  size: FrameSize;
  selected: string[];
  setSelected: Dispatch<StateUpdater<string[]>>;
  commit: (doc: Doc, key?: string | null) => void;
  isLocked: (name: string) => boolean;
  /** Where a layer keeps its rotation, or null (none: it is not turned on its own). */
  rotationOf: (name: string) => Place | null;
  /** A layer whose aspect ratio is locked: its corners keep it (Shift does for any layer). */
  keepsAspect: (name: string) => boolean;
  /** Where each layer type's text sits in the import, or null: a double-click edits it on the canvas. */
  textPlace: (layerType: string) => Place | null;
  /** `fit`, or a zoom factor. */
  zoom: 'fit' | number;
  /** Set to the zoom that fits, for the zoom keys to step from. */
  fitted: { current: number };
  zoomBy: (dir: 1 | -1) => void;
  /** The moment of an animation to show, or null: as designed. */
  moment: Moment | null;
  player: string;
}

export function Canvas({
  drawn,
  doc,
  frame,
  size,
  selected,
  setSelected,
  commit,
  isLocked,
  rotationOf,
  keepsAspect,
  zoom,
  fitted,
  zoomBy,
  moment,
  player,
  textPlace,
}: CanvasProps): VNode {
  const stage = useRef<HTMLDivElement>(null);
  const frameEl = useRef<HTMLIFrameElement>(null);
  // The document the iframe has drawn and fitted: the canvas is ready when it is the current one.
  const [drawnDoc, setDrawnDoc] = useState<string | null>(null);
  // Set again to draw the document afresh (after a moment was shown, "as designed").
  const [loads, setLoads] = useState(0);
  const [shownAt, setShownAt] = useState<number | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [marquee, setMarquee] = useState<Marquee | null>(null);
  // The layer whose text is edited on the canvas.
  const [editing, setEditing] = useState<string | null>(null);
  // The room the canvas has: its column's width, and the window's height below its top edge.
  const [room, setRoom] = useState({ width: 720, height: 720 });
  useEffect(() => {
    const measure = () => {
      const wrap = stage.current?.closest('.canvas-scroll');
      const column = wrap?.closest('.editor-stage');
      if (!wrap || !column) return;
      const top = wrap.getBoundingClientRect().top + scrollY;
      setRoom({ width: column.clientWidth - 4, height: Math.max(240, innerHeight - top - 16) });
    };
    measure();
    addEventListener('resize', measure);
    return () => removeEventListener('resize', measure);
  }, []);
  const fit = Math.min(1, room.width / drawn.width, room.height / drawn.height);
  fitted.current = fit;
  const z = zoom === 'fit' ? fit : zoom;
  // Screen pixels per design unit, and the bleed's offset.
  const k = z * drawn.pxPerUnit;
  const off = drawn.bleed;
  useEffect(() => {
    const el = frameEl.current;
    if (!el) return;
    const onLoad = () => {
      const ready = (el.contentWindow as unknown as CanvasWindow | null)?.__pressroom?.ready ?? Promise.resolve();
      ready.then(() => {
        setShownAt(null);
        setDrawnDoc(drawn.document);
      });
    };
    el.addEventListener('load', onLoad);
    el.srcdoc = drawn.document;
    return () => el.removeEventListener('load', onLoad);
  }, [drawn.document, loads]);
  // The moment of an animation: the workers' player (`__prAnim`) sets each moving layer's state.
  useEffect(() => {
    const win = frameEl.current?.contentWindow as unknown as CanvasWindow | null | undefined;
    if (drawnDoc !== drawn.document || !win) return;
    if (moment === null) {
      if (shownAt !== null) setLoads((n) => n + 1);
      return;
    }
    if (!win.__prAnim) {
      const script = win.document.createElement('script');
      script.textContent = player;
      win.document.head.append(script);
      (win.__prAnim as CanvasWindow['__prAnim'])?.prepare(moment.typewriting, []);
    }
    void win.__prAnim?.apply(moment.states, {}).then(() => setShownAt(moment.at));
  }, [moment?.at, drawnDoc]);

  const layers = layersIn(doc, frame).map(({ layer }) => layer);
  const boxes = new Map(layers.map((l) => [l.name, boxOf(doc, frame, l.name)] as const));
  const boxIn = (name: string): Box[] => {
    const b = boxes.get(name);
    return b ? [b] : [];
  };
  const others = (names: string[]) => layers.filter((l) => !names.includes(l.name)).flatMap((l) => boxIn(l.name));
  /** A pointer's place on the overlay, in design units. */
  const at = (e: PointerEvent): Point => {
    const r = stage.current?.getBoundingClientRect() ?? { left: 0, top: 0 };
    return { x: (e.clientX - r.left) / k - off, y: (e.clientY - r.top) / k - off };
  };

  const rotationIn = (name: string) => {
    const place = rotationOf(name);
    const v = place ? propOf(doc, frame, name, place) : undefined;
    return typeof v === 'number' ? v : 0;
  };
  const start = (e: PointerEvent, name: string, handle: Handle | 'rotate') => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    stage.current?.focus();
    if (e.shiftKey && handle === 'move') {
      setSelected((s) => (s.includes(name) ? s.filter((n) => n !== name) : [...s, name]));
      return;
    }
    // A layer of the selection drags the whole selection; another one is selected alone. The
    // selection's box (`name` is '') scales and turns every layer of the selection.
    const several = name === '';
    const names = several || (handle === 'move' && selected.includes(name)) ? selected : [name];
    if (!several && !selected.includes(name)) setSelected([name]);
    const moving = handle === 'move' || several ? movers(doc, frame, names).filter((n) => !isLocked(n)) : isLocked(name) ? [] : [name];
    const box = handle === 'move' || several ? unionBox(moving.flatMap(boxIn)) : boxes.get(name);
    if (moving.length === 0 || !box) return;
    const turned = several ? 0 : rotationIn(name);
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const a0 = angleOf(centre, at(e));
    let now: Drag = { names: moving, handle, several, turn: 0, x0: e.clientX, y0: e.clientY, box, now: box, guides: [] };
    setDrag(now);
    follow(
      (ev) => {
        if (handle === 'rotate') {
          const d = angleOf(centre, at(ev)) - a0;
          // Shift: the layer's angle (several: the turn) in steps of 15°.
          const turn = ev.shiftKey ? snapAngle(turned + d) - turned : d;
          now = { ...now, turn };
        } else if (handle === 'move' || (turned === 0 && !ev.shiftKey && !keepsAspect(name))) {
          const raw = dragBox(box, handle, (ev.clientX - now.x0) / k, (ev.clientY - now.y0) / k);
          const snapped = ev.altKey
            ? { box: raw, guides: [] }
            : snapBox(raw, { frame: size, others: others(moving), threshold: SNAP_PX / k, moving: edgesOf(handle) });
          now = { ...now, now: snapped.box, guides: snapped.guides };
        } else {
          const keep = ev.shiftKey || (!several && keepsAspect(name));
          now = { ...now, now: resizeBox(box, handle, (ev.clientX - now.x0) / k, (ev.clientY - now.y0) / k, keep, turned), guides: [] };
        }
        setDrag(now);
      },
      () => {
        setDrag(null);
        const n = now.now;
        if (handle === 'rotate') {
          if (Math.abs(now.turn) < 0.05) return;
          const place = rotationOf(name);
          if (several) commit(rotateLayers(doc, frame, moving, now.turn, rotationOf));
          else if (place) commit(withProp(doc, frame, name, place, normalAngle(turned + now.turn) || undefined));
          return;
        }
        if (n.x === box.x && n.y === box.y && n.width === box.width && n.height === box.height) return;
        if (handle === 'move') commit(moveLayers(doc, frame, moving, n.x - box.x, n.y - box.y));
        else if (several) commit(scaleLayers(doc, frame, moving, box, n));
        else commit(withBox(doc, frame, name, n));
      },
    );
  };

  // The marquee: from the empty canvas, every visible layer it meets (Shift adds to the selection).
  const startMarquee = (e: PointerEvent) => {
    if (e.target !== e.currentTarget || e.button !== 0) return;
    e.preventDefault();
    stage.current?.focus();
    let m: Marquee = { from: at(e), to: at(e), add: e.shiftKey };
    setMarquee(m);
    follow(
      (ev) => {
        m = { ...m, to: at(ev) };
        setMarquee(m);
      },
      () => {
        setMarquee(null);
        const rect = unionBox([dot(m.from), dot(m.to)]);
        if (rect.width * k < CLICK_PX && rect.height * k < CLICK_PX) {
          if (!m.add) setSelected([]);
          return;
        }
        const hit = layers.filter((l) => l.type !== 'group' && l.hidden !== true && boxIn(l.name).some((b) => meets(rect, b)));
        const names = [...hit].reverse().map((l) => l.name);
        setSelected((s) => (m.add ? [...s, ...names.filter((n) => !s.includes(n))] : names));
      },
    );
  };

  const place = (b: Box) => ({
    left: `${(b.x + off) * k}px`,
    top: `${(b.y + off) * k}px`,
    width: `${b.width * k}px`,
    height: `${b.height * k}px`,
  });
  const shown = (name: string): Box | null | undefined => {
    const b = boxes.get(name);
    if (!drag || !b || !drag.names.includes(name) || drag.handle === 'rotate') return b;
    if (drag.handle === 'move') return { ...b, x: b.x + drag.now.x - drag.box.x, y: b.y + drag.now.y - drag.box.y };
    if (!drag.several) return drag.now;
    const sx = drag.now.width / drag.box.width;
    const sy = drag.now.height / drag.box.height;
    return { x: drag.now.x + (b.x - drag.box.x) * sx, y: drag.now.y + (b.y - drag.box.y) * sy, width: b.width * sx, height: b.height * sy };
  };
  /** A layer's angle on the canvas: its rotation, and a turn being dragged. */
  const angle = (name: string) =>
    rotationIn(name) + (drag?.handle === 'rotate' && !drag.several && drag.names.includes(name) ? drag.turn : 0);
  const single = selected.length === 1;
  // Several layers: their box, with handles that scale and turn them all.
  const free = single ? [] : movers(doc, frame, selected).filter((n) => !isLocked(n));
  const groupBox = free.length > 1 ? unionBox(free.flatMap((n) => (shown(n) ? [shown(n)!] : []))) : null;
  const handles = (name: string) => [
    ...HANDLES.map((h) => <span key={h} class={`handle ${h}`} data-handle={h} onPointerDown={(e: PointerEvent) => start(e, name, h)} />),
    <span
      key="rotate"
      class="handle rotate"
      data-handle="rotate"
      title="Turn (Shift: by 15°)"
      onPointerDown={(e: PointerEvent) => start(e, name, 'rotate')}
    />,
  ];
  const band = marquee
    ? unionBox([
        { ...marquee.from, width: 0, height: 0 },
        { ...marquee.to, width: 0, height: 0 },
      ])
    : null;
  return (
    <div
      class="canvas-scroll"
      style={{ maxWidth: `${room.width}px`, maxHeight: `${room.height}px` }}
      onWheel={(e: WheelEvent) => {
        if (!(e.ctrlKey || e.metaKey)) return;
        e.preventDefault();
        zoomBy(e.deltaY < 0 ? 1 : -1);
      }}
    >
      <div
        class="canvas-wrap"
        style={{ width: `${drawn.width * z}px`, height: `${drawn.height * z}px` }}
        data-zoom={z}
        data-ready={drawnDoc === drawn.document ? 'true' : 'false'}
        data-time={shownAt ?? undefined}
      >
        <iframe
          ref={frameEl}
          class="canvas-frame"
          title={`Canvas of ${frame}`}
          tabindex={-1}
          style={{ width: `${drawn.width}px`, height: `${drawn.height}px`, transform: `scale(${z})` }}
        />
        <div
          ref={stage}
          class="canvas-overlay"
          tabindex={0}
          role="application"
          aria-roledescription="canvas"
          aria-label={`Canvas of ${frame}: ${selected.length ? `${selected.join(', ')} selected` : 'nothing selected'}. Press ? for the keyboard shortcuts.`}
          onPointerDown={startMarquee}
        >
          {drawn.bleed > 0 ? <div class="zone trim" style={place({ x: 0, y: 0, width: size.width, height: size.height })} /> : null}
          {drawn.safe > 0 ? (
            <div
              class="zone safe"
              style={place({ x: drawn.safe, y: drawn.safe, width: size.width - 2 * drawn.safe, height: size.height - 2 * drawn.safe })}
            />
          ) : null}
          {layers.map((l) => {
            const b = shown(l.name);
            if (!b || l.hidden === true) return null;
            const isSel = selected.includes(l.name);
            const text = textPlace(l.type);
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: a layer's hit box on the canvas takes the pointer; the keyboard selects in the layers list and moves with the shortcuts
              <div
                key={l.name}
                class={`hit${isSel ? ' selected' : ''}${l.type === 'group' ? ' group' : ''}`}
                data-hit={l.name}
                style={{ ...place(b), transform: angle(l.name) ? `rotate(${angle(l.name)}deg)` : undefined }}
                onPointerDown={(e: PointerEvent) => start(e, l.name, 'move')}
                onDblClick={() => text && !isLocked(l.name) && setEditing(l.name)}
              >
                {editing === l.name && text ? (
                  <CanvasText
                    doc={doc}
                    frame={frame}
                    name={l.name}
                    place={text}
                    k={k}
                    commit={commit}
                    done={() => {
                      setEditing(null);
                      stage.current?.focus();
                    }}
                  />
                ) : null}
                {isSel && single && !isLocked(l.name) ? handles(l.name) : null}
              </div>
            );
          })}
          {groupBox ? (
            <div
              class="selection-box"
              data-selection-box
              style={{ ...place(groupBox), transform: drag?.several && drag.turn ? `rotate(${drag.turn}deg)` : undefined }}
            >
              {handles('')}
            </div>
          ) : null}
          {band ? <div class="marquee" style={place(band)} /> : null}
          {(drag?.guides ?? []).map((g) => (
            <div
              key={g.axis}
              class={`guide ${g.axis}`}
              style={g.axis === 'x' ? { left: `${(g.at + off) * k}px` } : { top: `${(g.at + off) * k}px` }}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
