import { type Color, formatColor, type HexColor, parseColor, rgbToCmyk, type SolidColor } from '@pressroom/model';

/** A DeviceCMYK paint in percent, 0–100, exactly as the design states it. */
export interface Cmyk {
  c: number;
  m: number;
  y: number;
  k: number;
}

/**
 * The print route lets Chromium lay out and print the design as it does for a static PDF, with
 * every design colour replaced by a unique "key" RGB value; the PDF's `rg`/`RG` operators and
 * shadings are then rewritten from key to the CMYK the design stated (docs/print.md). Keys sit
 * at red = 7 and never on the grey axis, a corner of RGB that artwork and default colours
 * (black text, white qrcode background) do not use.
 */
const KEY_RED = 7;

export class ColorKeys {
  private readonly byCmyk = new Map<string, number>();
  private readonly byKey = new Map<number, Cmyk>();
  private next = 1;

  /** The CMYK a keyed RGB triple (0–255) stands for; null when it is no key. */
  lookup(r: number, g: number, b: number): Cmyk | null {
    return this.byKey.get((r << 16) | (g << 8) | b) ?? null;
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The key of a solid colour; hex becomes CMYK with the import's conversion. Alpha is kept. */
  keySolid(color: SolidColor): HexColor {
    const cmyk = color.kind === 'cmyk' ? color : rgbToCmyk(color);
    const alpha = color.kind === 'cmyk' ? (color.alpha === null ? 1 : color.alpha / 100) : color.alpha;
    const id = `${cmyk.c},${cmyk.m},${cmyk.y},${cmyk.k}`;
    let value = this.byCmyk.get(id);
    if (value === undefined) {
      value = this.allocate();
      this.byCmyk.set(id, value);
      this.byKey.set(value, { c: cmyk.c, m: cmyk.m, y: cmyk.y, k: cmyk.k });
    }
    return { kind: 'hex', r: value >> 16, g: (value >> 8) & 255, b: value & 255, alpha, digits: alpha < 1 ? 8 : 6 };
  }

  /** Every solid part of a colour keyed: a gradient keeps its geometry and stop offsets. */
  keyColor(color: Color): Color {
    if (color.kind === 'hex' || color.kind === 'cmyk') return this.keySolid(color);
    return {
      ...color,
      stops: color.stops.map((s) => ({ ...s, color: { ...this.keySolid(s.color), alpha: 1, digits: 6 as const } })),
    };
  }

  private allocate(): number {
    for (;;) {
      const n = this.next++;
      if (n > 0xffff) throw new Error('More than 65535 distinct colours in one print document.');
      const g = n >> 8;
      const b = n & 255;
      if (g === KEY_RED && b === KEY_RED) continue;
      return (KEY_RED << 16) | (g << 8) | b;
    }
  }
}

/**
 * Properties whose value is a paint the PDF must carry in CMYK. Shadows are left out: Chromium
 * prints a blurred shadow as a raster image, which goes through the ICC conversion of images.
 */
function isKeyedProperty(name: string): boolean {
  return /(^|_)color(_\d+)?$/.test(name) && !name.endsWith('shadow_color');
}

const COLOR_KINDS = new Set(['hex', 'cmyk', 'linear-gradient', 'radial-gradient']);

function isColorObject(value: unknown): value is Color {
  return typeof value === 'object' && value !== null && COLOR_KINDS.has((value as { kind?: unknown }).kind as string);
}

/**
 * A copy of a design document or of normalised overrides with every colour property keyed:
 * strings are parsed with the colour grammar and written back as keyed hex, parsed `Color`
 * objects (normalised overrides) are keyed as objects. Anything that is not a colour stays.
 */
export function keyColors<T>(value: T, keys: ColorKeys): T {
  return walk(value, null, keys) as T;
}

function walk(value: unknown, property: string | null, keys: ColorKeys): unknown {
  if (property !== null && isKeyedProperty(property)) {
    if (typeof value === 'string') {
      const parsed = parseColor(value);
      return parsed.ok ? formatColor(keys.keyColor(parsed.color)) : value;
    }
    if (isColorObject(value)) return keys.keyColor(value);
  }
  if (Array.isArray(value)) return value.map((v) => walk(v, null, keys));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = Object.create(Object.getPrototypeOf(value) === null ? null : Object.prototype);
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, k, keys);
    return out;
  }
  return value;
}
