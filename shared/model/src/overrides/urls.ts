import { formatPath } from '../errors/zod-issues.js';
import type { FontReference } from '../fonts/uploaded.js';
import { widestOverride } from '../properties/overridable.js';
import type { NormalisedOverrides } from './types.js';

/** A URL a request's overrides make a worker fetch, at its path in the request. */
export interface OverrideUrl {
  path: string;
  url: string;
}

/**
 * Pure: every http(s) URL of validated overrides that a worker will fetch, at its request path
 * under `prefix` (`elements`, or `pages.page_2`): the catalogue's `url` properties (`image_url`,
 * `icon_url`, `video_url`, `audio_url`) and text-to-image inpaint images (also when sent in the
 * string shorthand of `text_to_image`; the path is then that of the expanded field).
 */
export function overrideUrls(overrides: NormalisedOverrides, prefix: readonly PropertyKey[]): OverrideUrl[] {
  const out: OverrideUrl[] = [];
  for (const [layer, values] of Object.entries(overrides.layers)) {
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'string' && widestOverride(name)?.kind === 'url')
        out.push({ path: formatPath([...prefix, layer, name]), url: value });
    }
    for (const [i, url] of (values.text_to_image_properties?.inpaint_images ?? []).entries()) {
      out.push({ path: formatPath([...prefix, layer, 'text_to_image_properties', 'inpaint_images', i]), url });
    }
  }
  return out;
}

/**
 * Pure: every font validated overrides name (the catalogue's `font` properties), at its request
 * path under `prefix`, as `overrideUrls` finds URLs: what the service checks against the
 * workspace's fonts, from the parsed request rather than a walk of the body by key name.
 */
export function overrideFonts(overrides: NormalisedOverrides, prefix: readonly PropertyKey[]): FontReference[] {
  const out: FontReference[] = [];
  for (const [layer, values] of Object.entries(overrides.layers)) {
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'string' && widestOverride(name)?.kind === 'font')
        out.push({ path: formatPath([...prefix, layer, name]), value });
    }
  }
  return out;
}
