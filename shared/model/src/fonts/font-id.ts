import { uuidV5 } from './uuid-v5.js';

/**
 * Namespace of Pressroom's bundled font ids. Never change it: ids are stored inside designs
 * (`font` overrides), so a new namespace would orphan every saved reference.
 */
export const FONT_ID_NAMESPACE = '2403c120-c7ea-42cc-bb23-17e9d905e460';

/** The id of a bundled family, from its fontsource slug (`open-sans`). Same on every machine and run. */
export function fontIdForSlug(slug: string): string {
  return uuidV5(slug, FONT_ID_NAMESPACE);
}
