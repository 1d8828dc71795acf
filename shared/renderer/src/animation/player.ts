import { frameCount, frameTime } from '@pressroom/model';
import { type LayerState, shownUnits, stateAt, type Timeline } from './timeline.js';

/**
 * The in-page half of animation, shared by the frame renderer and the HTML5 banner so both
 * draw the same thing:
 *
 * - `__prAnim.prepare(typewriting)`: after the text is fitted, wraps each character (or word)
 *   of the named text layers in a span, so typewriting hides units with `visibility`, which
 *   keeps the fitted layout: nothing moves between frames. Records each layer's own opacity.
 * - `__prAnim.units(name)`: the box of each typewriting unit of a layer, in reading order (the
 *   layer compositor clips typewriting to them).
 * - `__prAnim.apply(states, videoFrames)`: sets the state of every moving layer for one moment
 *   (frames), and shows each video layer's frame of that moment (an image URL per layer name),
 *   resolving once the images are decoded.
 * - `__prAnim.play(tracks, durationMs, playback)`: the same states as Web Animations, for the
 *   HTML5 banner's plays (`html5Playback`), resting on the screenshot frame.
 *
 * Layer motion uses the individual CSS `translate`, `scale` and `rotate` properties, which
 * compose with the layer's own `transform` (its designed rotation) around the same origin.
 */
export const PLAYER_SCRIPT = `(() => {
  const shownUnits = ${shownUnits.toString()};
  const layers = new Map();
  const layer = (name) => {
    if (!layers.has(name)) {
      const el = document.querySelector('[data-layer="' + CSS.escape(name) + '"]');
      layers.set(name, el ? { el, base: Number(getComputedStyle(el).opacity), units: [] } : null);
    }
    return layers.get(name);
  };
  const wrap = (entry, split) => {
    const walker = document.createTreeWalker(entry.el, NodeFilter.SHOW_TEXT);
    const texts = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n);
    for (const text of texts) {
      const parts = split === 'word' ? text.data.split(/(\\s+)/) : Array.from(text.data);
      const frag = document.createDocumentFragment();
      for (const part of parts) {
        if (part === '') continue;
        if (/^\\s+$/.test(part)) { frag.appendChild(document.createTextNode(part)); continue; }
        const span = document.createElement('span');
        span.textContent = part;
        entry.units.push(span);
        frag.appendChild(span);
      }
      text.parentNode.replaceChild(frag, text);
    }
  };
  const motion = (s) => ({
    opacity: String(s.visible ? s.opacity : 0),
    translate: s.x + 'px ' + s.y + 'px',
    scale: String(s.scale),
    rotate: s.rotate + 'deg',
  });
  window.__prAnim = {
    prepare(typewriting, videos) {
      layers.clear();
      for (const [name, split] of typewriting) { const e = layer(name); if (e) wrap(e, split); }
      for (const [name, fit] of videos || []) {
        const e = layer(name);
        if (!e) continue;
        const img = document.createElement('img');
        img.alt = '';
        img.style.cssText = 'display:block;width:100%;height:100%;object-fit:' + fit + ';visibility:hidden';
        (e.el.firstElementChild || e.el).prepend(img);
        e.video = img;
      }
    },
    units(name) {
      const e = layer(name);
      return e ? e.units.map((u) => { const r = u.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }) : [];
    },
    async apply(states, videoFrames) {
      const decoding = [];
      for (const [name, url] of Object.entries(videoFrames || {})) {
        const e = layer(name);
        if (!e || !e.video) continue;
        if (url === null) { e.video.style.visibility = 'hidden'; continue; }
        e.video.style.visibility = '';
        if (e.video.getAttribute('src') !== url) { e.video.src = url; decoding.push(e.video.decode()); }
      }
      for (const s of states) {
        const e = layer(s.name);
        if (!e) continue;
        const m = motion(s);
        e.el.style.visibility = s.visible ? '' : 'hidden';
        e.el.style.opacity = String(e.base * Number(m.opacity));
        e.el.style.translate = m.translate;
        e.el.style.scale = m.scale;
        e.el.style.rotate = m.rotate;
        if (s.typewriting !== null) {
          const shown = shownUnits(s.typewriting, e.units.length);
          e.units.forEach((u, i) => { u.style.visibility = i < shown ? '' : 'hidden'; });
        }
      }
      await Promise.all(decoding);
    },
    play(tracks, durationMs, playback) {
      const p = playback || { iterations: Infinity, restAtStart: false };
      const timing = { duration: durationMs, iterations: p.iterations, fill: 'both' };
      const all = [];
      for (const track of tracks) {
        const e = layer(track.name);
        if (!e) continue;
        const at = (i) => track.offsets[i];
        all.push(e.el.animate(track.states.map((s, i) => {
          const m = motion(s);
          return { offset: at(i), opacity: String(e.base * Number(m.opacity)), translate: m.translate, scale: m.scale, rotate: m.rotate };
        }), timing));
        all.push(e.el.animate(track.states.map((s, i) => ({ offset: at(i), visibility: s.visible ? 'visible' : 'hidden', easing: 'step-end' })), timing));
        if (track.states[0].typewriting === null) continue;
        e.units.forEach((u, k) => {
          all.push(u.animate(track.states.map((s, i) => ({ offset: at(i), opacity: k < shownUnits(s.typewriting, e.units.length) ? 1 : 0, easing: 'step-end' })), timing));
        });
      }
      // The last play ends on the screenshot frame (fill: both holds it); one whose screenshot is
      // the first frame plays to the end and then shows the first frame again.
      if (p.restAtStart) {
        Promise.all(all.map((a) => a.finished)).then(() => { for (const a of all) { a.pause(); a.currentTime = 0; } }, () => undefined);
      }
      return all.length;
    },
  };
})();`;

/** One moving layer's states sampled at every frame time, for Web Animations. */
export interface AnimationTrack {
  name: string;
  /** States at frames 0..n, the last one at the end of the timeline. */
  states: LayerState[];
  /** Where each state sits in one iteration, 0–1. */
  offsets: number[];
}

/**
 * The timeline sampled at `fps` as Web Animations keyframes: exact at every frame time, linear
 * between (steps for visibility and typewriting), so the HTML5 banner shows at frame times
 * what the video shows.
 */
export function animationTracks(timeline: Timeline, fps: number): AnimationTrack[] {
  const n = frameCount(timeline.duration, fps);
  const times = Array.from({ length: n + 1 }, (_, i) => Math.min(frameTime(i, fps), timeline.duration));
  const samples = times.map((t) => stateAt(timeline, t));
  const offsets = times.map((t) => (timeline.duration > 0 ? t / timeline.duration : 0));
  return timeline.layers.map((l, k) => ({ name: l.name, states: samples.map((s) => s[k]!), offsets }));
}

/** The layers `prepare` must split for typewriting, with their split. */
export function typewritingLayers(timeline: Timeline): [string, 'letter' | 'word'][] {
  return stateAt(timeline, 0).flatMap((s) => (s.typewriting === null ? [] : [[s.name, s.split] as [string, 'letter' | 'word']]));
}
