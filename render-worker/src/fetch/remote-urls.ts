/**
 * The http(s) URLs a render must fetch: every `*_url` string of the overrides and of the
 * format's layers. Pure. The renderer's own `assetRefsOf` supersedes this once it knows every
 * layer's media fields; until then this covers `image_url`, `icon_url` and friends.
 */
export function remoteUrlsOf(sources: readonly Record<string, unknown>[]): string[] {
  const urls = new Set<string>();
  for (const properties of sources) {
    for (const [key, value] of Object.entries(properties)) {
      if (!key.endsWith('_url') || typeof value !== 'string') continue;
      if (/^https?:\/\//i.test(value)) urls.add(value);
    }
  }
  return [...urls];
}
