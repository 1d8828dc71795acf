import { html5Playback, VIDEO_FPS } from '@pressroom/model';
import { type BuildOptions, buildDocument } from '../html/build-document.js';
import { escapeHtml } from '../html/escape.js';
import type { RenderPlan } from '../plan/types.js';
import { animationTracks, PLAYER_SCRIPT, typewritingLayers } from './player.js';
import type { Timeline } from './timeline.js';

/** `<` escaped so a layer name can never close the script element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** What makes the page an ad rather than a movie: its name, its click-through and how long it plays. */
export interface Html5Delivery {
  /** The `<title>`: the design's name. */
  title: string;
  /** `clickTag`'s value; null leaves it empty, for the ad server to set. */
  clickUrl: string | null;
  /** Plays of the timeline, 1–3; the last stops on the frame at `screenshot_at_s`. */
  loops: number;
}

/**
 * The `index.html` of an HTML5 banner, built to the convention Google Ads, DV360 and the IAB
 * share (docs/animation.md, "HTML5 for ad servers"): `<meta name="ad.size">` with the format's
 * size, a `<title>`, a global `clickTag` and a transparent click layer over the whole banner that
 * opens `window.clickTag` in a new window. The frame is drawn as the renderer draws it, fitted
 * once by the same script, then the timeline plays as Web Animations for `loops` plays and rests
 * on the screenshot frame. Every URL inside is whatever `assetUrl` and `fontCss` give: the HTML5
 * packager passes data: URLs, so the file plays from `file://` with no network.
 * `window.__prAnimReady` resolves once the animation runs.
 */
export function buildHtml5Document(plan: RenderPlan, timeline: Timeline, options: BuildOptions, delivery: Html5Delivery): string {
  const doc = buildDocument(plan, options);
  const playback = html5Playback(delivery.loops, { duration: timeline.duration, screenshot_at_s: timeline.screenshotAt });
  const head = `<title>${escapeHtml(delivery.title)}</title>
<meta name="ad.size" content="width=${plan.width},height=${plan.height}">
<script>var clickTag = ${scriptJson(delivery.clickUrl ?? '')};</script>`;
  const click = `<a id="pr-click" href="#" aria-label="${escapeHtml(delivery.title)}" style="position:absolute;left:0;top:0;width:${plan.width}px;height:${plan.height}px;z-index:2147483647;display:block"></a>
<script>document.getElementById('pr-click').addEventListener('click', function (event) {
  event.preventDefault();
  if (window.clickTag) window.open(window.clickTag, '_blank');
});</script>`;
  const boot = `<script>${PLAYER_SCRIPT}</script>
<script>window.__prAnimReady = window.__pressroom.ready.then((r) => {
  window.__prAnim.prepare(${scriptJson(typewritingLayers(timeline))});
  window.__prAnim.play(${scriptJson(animationTracks(timeline, VIDEO_FPS))}, ${Math.round(timeline.duration * 1000)}, ${scriptJson({ iterations: playback.iterations, restAtStart: playback.restAtStart })});
  return r;
});</script>`;
  // Replacer functions: a `$` in a design's name or click URL is text, not a replacement pattern.
  return doc
    .replace('<html><head><meta charset="utf-8">', () => `<html lang="en"><head><meta charset="utf-8">\n${head}`)
    .replace(/<\/body><\/html>$/, () => `${click}\n${boot}\n</body></html>`);
}
