/**
 * `text_to_image_properties.ratio`: width to height, written `16:9`, `16/9` or `16x9` (positive
 * numbers, decimals allowed). Null when the text is not a ratio: the request is refused rather
 * than drawn at a shape nobody asked for (docs/ai.md).
 */
export function parseRatio(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*[:/x×]\s*(\d+(?:\.\d+)?)\s*$/i.exec(text);
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (!(w > 0 && h > 0)) return null;
  const ratio = w / h;
  // Beyond 1:20 no provider draws anything useful; it is a typo.
  return ratio >= 1 / 20 && ratio <= 20 ? ratio : null;
}
