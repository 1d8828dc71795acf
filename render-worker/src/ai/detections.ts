import type { AutoFocusSettings } from '@pressroom/model';

/** One object a detector found, in the source image's pixels. */
export interface Detection {
  label: string;
  score: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A YOLO-layout output to detections: `[1, 4 + C, N]` (attributes first, as ultralytics exports)
 * or `[1, N, 4 + C]`, each candidate `cx, cy, w, h` in the model's input pixels then C class
 * scores. Each candidate keeps its best class when that scores at least `minScore`; boxes are
 * scaled by `scale` back to the source.
 */
export function parseDetections(
  data: Float32Array,
  dims: readonly number[],
  labels: readonly string[],
  scale: { x: number; y: number },
  minScore: number,
): Detection[] {
  const width = 4 + labels.length;
  const [a, b] = dims.length === 3 ? [dims[1]!, dims[2]!] : [-1, -1];
  const attributesFirst = a === width;
  if (!attributesFirst && b !== width) {
    throw new Error(
      `the detector output is [${dims.join(', ')}]; expected [1, ${width}, N] or [1, N, ${width}] for ${labels.length} labels`,
    );
  }
  const count = attributesFirst ? b : a;
  const at = attributesFirst ? (i: number, k: number) => data[k * count + i]! : (i: number, k: number) => data[i * width + k]!;
  const out: Detection[] = [];
  for (let i = 0; i < count; i++) {
    let best = -1;
    let score = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < labels.length; c++) {
      const s = at(i, 4 + c);
      if (s > score) {
        score = s;
        best = c;
      }
    }
    if (best < 0 || score < minScore) continue;
    const w = at(i, 2) * scale.x;
    const h = at(i, 3) * scale.y;
    out.push({ label: labels[best]!, score, x: at(i, 0) * scale.x - w / 2, y: at(i, 1) * scale.y - h / 2, width: w, height: h });
  }
  return out;
}

/** The detector labels that `auto_focus_model` means when no focus_objects are sent. */
const MODEL_LABELS: Record<string, string[]> = { people: ['person'], face: ['face'], generic: [] };

/** What the settings ask the detector to find: focus_objects, else the model's class; empty: nothing (saliency decides). */
export function wantedLabels(settings: AutoFocusSettings, known: readonly string[]): string[] {
  const asked = settings.focus_objects?.length ? settings.focus_objects : (MODEL_LABELS[settings.model ?? 'people'] ?? []);
  return asked.map((l) => l.trim().toLowerCase()).filter((l) => known.includes(l));
}

/**
 * The subject among the detections of the wanted labels, by `focus_target`: `largest` (default)
 * the biggest box (the better score between equals); `left`, `middle`, `right` the one whose centre is leftmost, nearest the
 * middle, rightmost; `all` the box around all of them. Null when none was found.
 */
export function chooseSubject(
  detections: readonly Detection[],
  wanted: readonly string[],
  target: AutoFocusSettings['focus_target'],
  sourceWidth: number,
): Detection | null {
  const found = detections.filter((d) => wanted.includes(d.label));
  if (found.length === 0) return null;
  const centre = (d: Detection) => d.x + d.width / 2;
  const pick = (better: (a: Detection, b: Detection) => boolean) => found.reduce((best, d) => (better(d, best) ? d : best));
  switch (target) {
    case 'all': {
      const left = Math.min(...found.map((d) => d.x));
      const top = Math.min(...found.map((d) => d.y));
      const right = Math.max(...found.map((d) => d.x + d.width));
      const bottom = Math.max(...found.map((d) => d.y + d.height));
      return { label: 'all', score: Math.max(...found.map((d) => d.score)), x: left, y: top, width: right - left, height: bottom - top };
    }
    case 'left':
      return pick((a, b) => centre(a) < centre(b));
    case 'right':
      return pick((a, b) => centre(a) > centre(b));
    case 'middle':
      return pick((a, b) => Math.abs(centre(a) - sourceWidth / 2) < Math.abs(centre(b) - sourceWidth / 2));
    default:
      return pick((a, b) => a.width * a.height > b.width * b.height || (a.width * a.height === b.width * b.height && a.score > b.score));
  }
}
