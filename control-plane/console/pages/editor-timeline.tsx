// The timeline of an animated design: a scrub (a slider: drag it, or its keys, arrows by a tenth
// of a second) that sets the moment the canvas shows, play and pause, "As designed" (no moment),
// and each layer's track: its visibility window as a bar whose ends (and the bar itself, with its
// keyframes) drag, and its keyframes as marks that drag; each is a slider for the keys too.
import type { VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Doc, Layer } from '../editor-model.js';
import { follow } from '../editor-pointer.js';
import { durationOf, marksOf, shiftTiming, windowOf, withKeyframeTime, withWindowEdge } from '../editor-timing.js';

/** Seconds shown with one decimal. */
const seconds = (t: number) => `${Math.round(t * 100) / 100} s`;

export interface TimelineProps {
  doc: Doc;
  frame: string;
  time: number | null;
  setTime: (t: number | null) => void;
  commit: (doc: Doc, key?: string | null) => void;
}

/** What a drag or a key changes: the design with the time moved by `dt` seconds. */
type Move = (doc: Doc, dt: number) => Doc;

export function Timeline({ doc, frame, time, setTime, commit }: TimelineProps): VNode {
  const duration = durationOf(doc);
  const playing = useRef<number | null>(null);
  // The design as a drag has it so far (committed, one undo step, when the pointer is released).
  const [live, setLive] = useState<Doc | null>(null);
  const shown = live ?? doc;
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

  const drag = (e: PointerEvent, move: Move) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    (e.currentTarget as HTMLElement).focus();
    const track = (e.currentTarget as HTMLElement).closest('.track')?.getBoundingClientRect();
    if (!track || track.width === 0) return;
    const x0 = e.clientX;
    let now: Doc = doc;
    follow(
      (ev) => {
        now = move(doc, ((ev.clientX - x0) / track.width) * duration);
        setLive(now);
      },
      () => {
        setLive(null);
        if (now !== doc) commit(now);
      },
    );
  };
  /** The arrows move by a tenth of a second (Shift: a second); the presses on one handle are one undo step. */
  const keys = (e: KeyboardEvent, move: Move, key: string) => {
    const step = e.shiftKey ? 1 : 0.1;
    const dt = e.key === 'ArrowRight' || e.key === 'ArrowUp' ? step : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -step : 0;
    if (dt === 0) return;
    e.preventDefault();
    e.stopPropagation();
    const next = move(doc, dt);
    if (next !== doc) commit(next, key);
  };
  const slider = (label: string, value: number, move: Move, key: string, cls: string, left: number) => (
    <span
      key={key}
      class={cls}
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={duration}
      aria-valuenow={value}
      aria-valuetext={seconds(value)}
      style={{ left: `${(left / duration) * 100}%` }}
      onPointerDown={(e: PointerEvent) => drag(e, move)}
      onKeyDown={(e: KeyboardEvent) => keys(e, move, key)}
    />
  );

  const track = (l: Layer) => {
    const name = l.name;
    // The layer as a drag has it, and as the design has it (each drag and key moves from there).
    const now = shown.layers?.find((x) => x.name === name) ?? l;
    const w = windowOf(shown, now);
    const base = windowOf(doc, l);
    const edge =
      (which: 'start' | 'end'): Move =>
      (d, dt) =>
        withWindowEdge(d, frame, name, which, base[which] + dt);
    return (
      <li key={name} data-timing={name}>
        <span class="name">{name}</span>
        <span class="track">
          <span
            class="bar"
            data-bar={name}
            title={`Drag to move ${name}'s window and keyframes`}
            style={{ left: `${(w.start / duration) * 100}%`, width: `${((w.end - w.start) / duration) * 100}%` }}
            onPointerDown={(e: PointerEvent) => drag(e, (d, dt) => shiftTiming(d, frame, name, dt))}
          />
          {slider(`${name}: visible from`, w.start, edge('start'), `timing/${name}/start`, 'edge start', w.start)}
          {slider(`${name}: visible until`, w.end, edge('end'), `timing/${name}/end`, 'edge end', w.end)}
          {marksOf(l).map((m, i) => {
            const at = marksOf(now)[i]?.time ?? m.time;
            const move: Move = (d, dt) => withKeyframeTime(d, frame, name, m.tween, m.key, m.time + dt);
            return slider(`${name}: ${m.label}`, at, move, `timing/${name}/${m.tween}/${m.key}`, 'key', at);
          })}
          {time === null ? null : <span class="playhead" style={{ left: `${(time / duration) * 100}%` }} />}
        </span>
        <span class="times">
          {Math.round(w.start * 100) / 100}–{Math.round(w.end * 100) / 100} s
        </span>
      </li>
    );
  };

  return (
    <section class="timeline" aria-labelledby="timing-title">
      <h2 id="timing-title">
        Timeline <small>({duration} s)</small>
      </h2>
      <div class="row">
        <button type="button" class="secondary" onClick={() => (playing.current === null ? play() : stop())}>
          Play / pause
        </button>
        <label for="ed-time">Time</label>
        <input
          id="ed-time"
          type="range"
          min="0"
          max={duration}
          step="0.1"
          value={time ?? 0}
          aria-valuetext={time === null ? 'as designed' : seconds(time)}
          onInput={(e: Event) => {
            stop();
            setTime(Number((e.currentTarget as HTMLInputElement).value));
          }}
        />
        <output for="ed-time" class="time-now">
          {time === null ? 'As designed' : seconds(time)}
        </output>
        <button
          type="button"
          class="secondary"
          disabled={time === null}
          onClick={() => {
            stop();
            setTime(null);
          }}
        >
          As designed
        </button>
      </div>
      <p class="hint">
        Drag a bar's ends or a keyframe (◆), or the bar to move it with its keyframes; focused, the arrows move them by 0.1 s (Shift: 1 s).
      </p>
      <ul class="timing">{(doc.layers ?? []).map(track)}</ul>
    </section>
  );
}
