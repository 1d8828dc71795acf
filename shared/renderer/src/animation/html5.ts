import { VIDEO_FPS } from '@pressroom/model';
import { type BuildOptions, buildDocument } from '../html/build-document.js';
import type { RenderPlan } from '../plan/types.js';
import { animationTracks, PLAYER_SCRIPT, typewritingLayers } from './player.js';
import type { Timeline } from './timeline.js';

/** `<` escaped so a layer name can never close the script element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The `index.html` of an HTML5 banner: the frame as the renderer draws it, fitted once by the
 * same script, then the timeline as looping Web Animations. Every URL inside is whatever
 * `assetUrl` and `fontCss` give: the HTML5 packager passes data: URLs, so the file plays from
 * `file://` with no network. `window.__prAnimReady` resolves once the animation runs.
 */
export function buildHtml5Document(plan: RenderPlan, timeline: Timeline, options: BuildOptions): string {
  const doc = buildDocument(plan, options);
  const boot = `<script>${PLAYER_SCRIPT}</script>
<script>window.__prAnimReady = window.__pressroom.ready.then((r) => {
  window.__prAnim.prepare(${scriptJson(typewritingLayers(timeline))});
  window.__prAnim.play(${scriptJson(animationTracks(timeline, VIDEO_FPS))}, ${Math.round(timeline.duration * 1000)});
  return r;
});</script>`;
  return doc.replace(/<\/body><\/html>$/, `${boot}\n</body></html>`);
}
