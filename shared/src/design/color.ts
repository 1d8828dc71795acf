/**
 * The color grammar of the spec (Color grammar table): hex, cmyk/cmyka, linear and radial
 * gradients. Pure parsing and conversion; callers decide what a design type allows.
 */

export interface Rgba {
  kind: 'rgb';
  r: number;
  g: number;
  b: number;
  /** 0–1. */
  a: number;
}
export interface Cmyka {
  kind: 'cmyk';
  /** Components 0–100. */
  c: number;
  m: number;
  y: number;
  k: number;
  /** 0–1. */
  a: number;
}
export type SolidColor = Rgba | Cmyka;
export interface GradientStop {
  /** 0–100 percent. */
  offset: number;
  color: SolidColor;
  /** 0–1. */
  opacity: number;
}
export interface LinearGradient {
  kind: 'linear';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  stops: GradientStop[];
}
export interface RadialGradient {
  kind: 'radial';
  cx: number;
  cy: number;
  r: number;
  stops: GradientStop[];
}
export type ParsedColor = SolidColor | LinearGradient | RadialGradient;

export type ColorResult = { ok: true; color: ParsedColor } | { ok: false; reason: string };

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const CMYK = /^cmyk(a?)\(([^)]*)\)$/i;
const GRADIENT = /^(linear|radial)-gradient\((.*)\)$/i;
const PERCENT = /^(-?\d+(?:\.\d+)?)%$/;

export function parseColor(input: string): ColorResult {
  const text = input.trim();
  if (text.startsWith('#')) return parseHex(text);
  if (/^cmyk/i.test(text)) return parseCmyk(text);
  const g = GRADIENT.exec(text);
  if (g) return parseGradient(g[1]?.toLowerCase() as 'linear' | 'radial', g[2] ?? '');
  return { ok: false, reason: 'is not a color (hex, cmyk(), cmyka(), linear-gradient() or radial-gradient())' };
}

export function isGradient(color: ParsedColor): color is LinearGradient | RadialGradient {
  return color.kind === 'linear' || color.kind === 'radial';
}

function parseHex(text: string): ColorResult {
  const m = HEX.exec(text);
  if (!m?.[1]) return { ok: false, reason: 'hex colors are #RGB, #RGBA, #RRGGBB or #RRGGBBAA' };
  let digits = m[1];
  if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
  const n = (i: number) => Number.parseInt(digits.slice(i, i + 2), 16);
  const a = digits.length === 8 ? n(6) / 255 : 1;
  return { ok: true, color: { kind: 'rgb', r: n(0), g: n(2), b: n(4), a } };
}

function parseCmyk(text: string): ColorResult {
  const m = CMYK.exec(text);
  if (!m) return { ok: false, reason: 'cmyk colors are cmyk(C,M,Y,K) or cmyka(C,M,Y,K,A)' };
  const withAlpha = m[1] !== '';
  const parts = (m[2] ?? '').split(',').map((p) => p.trim().replace(/%$/, ''));
  if (parts.length !== (withAlpha ? 5 : 4) || parts.some((p) => !/^\d+$/.test(p))) {
    return { ok: false, reason: `${withAlpha ? 'cmyka' : 'cmyk'} takes ${withAlpha ? 5 : 4} integer components` };
  }
  const v = parts.map(Number);
  if (v.some((x) => x > 100)) return { ok: false, reason: 'cmyk components and alpha are 0 to 100' };
  const [c = 0, mm = 0, y = 0, k = 0, a = 100] = v;
  return { ok: true, color: { kind: 'cmyk', c, m: mm, y, k, a: a / 100 } };
}

function parseGradient(kind: 'linear' | 'radial', body: string): ColorResult {
  // Stops hold `cmyk(C,M,Y,K)` with commas of their own, so split on commas outside parentheses.
  const parts = splitTopLevel(body);
  const head = parts.shift() ?? '';
  const coords = head.trim().split(/\s+/);
  const wanted = kind === 'linear' ? 4 : 3;
  const nums = coords.map((c) => PERCENT.exec(c)?.[1]);
  if (coords.length !== wanted || nums.some((n) => n === undefined)) {
    return { ok: false, reason: `${kind}-gradient starts with ${wanted} percentages` };
  }
  const p = nums.map(Number);
  if (kind === 'radial' && !((p[2] ?? 0) > 0)) return { ok: false, reason: 'radial-gradient radius must be above 0%' };
  if (parts.length < 2 || parts.length > 8) return { ok: false, reason: 'gradients take 2 to 8 stops' };
  const stops: GradientStop[] = [];
  for (const part of parts) {
    if (part !== part.trimStart()) return { ok: false, reason: 'no space after a comma in a gradient' };
    const stop = parseStop(part);
    if (typeof stop === 'string') return { ok: false, reason: stop };
    stops.push(stop);
  }
  if (new Set(stops.map((s) => s.color.kind)).size > 1) return { ok: false, reason: 'gradient stops must all be hex or all cmyk' };
  const color: ParsedColor =
    kind === 'linear'
      ? { kind, x1: p[0] ?? 0, y1: p[1] ?? 0, x2: p[2] ?? 0, y2: p[3] ?? 0, stops }
      : { kind, cx: p[0] ?? 0, cy: p[1] ?? 0, r: p[2] ?? 0, stops };
  return { ok: true, color };
}

function parseStop(text: string): GradientStop | string {
  const [offsetText, colorText, opacityText, ...rest] = text.trim().split(/\s+/);
  const offset = PERCENT.exec(offsetText ?? '')?.[1];
  if (offset === undefined || colorText === undefined || opacityText === undefined || rest.length > 0) {
    return 'a gradient stop is "<offset>% <color> <opacity>"';
  }
  const off = Number(offset);
  if (off < 0 || off > 100) return 'stop offsets are 0% to 100%';
  if (/^#([0-9a-f]{4}|[0-9a-f]{8})$/i.test(colorText) || /^cmyka/i.test(colorText)) return 'gradient stop colors carry no alpha';
  if (!/^(#[0-9a-f]{3}|#[0-9a-f]{6}|cmyk\(\d+%?,\d+%?,\d+%?,\d+%?\))$/i.test(colorText)) {
    return 'stop colors are #RRGGBB, #RGB or cmyk(C,M,Y,K) without spaces';
  }
  const color = parseColor(colorText);
  if (!color.ok) return color.reason;
  if (!/^\d+(\.\d+)?$/.test(opacityText) || Number(opacityText) > 1) return 'stop opacity is 0 to 1';
  return { offset: off, color: color.color as SolidColor, opacity: Number(opacityText) };
}

function splitTopLevel(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of body) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}

/** Naive device conversion (no ICC profile): what the spec means by "converted to RGB". */
export function cmykToRgb(c: Cmyka): Rgba {
  const f = (x: number) => Math.round(255 * (1 - x / 100) * (1 - c.k / 100));
  return { kind: 'rgb', r: f(c.c), g: f(c.m), b: f(c.y), a: c.a };
}

export function rgbToCmyk(c: Rgba): Cmyka {
  const r = c.r / 255;
  const g = c.g / 255;
  const b = c.b / 255;
  const k = 1 - Math.max(r, g, b);
  if (k >= 1) return { kind: 'cmyk', c: 0, m: 0, y: 0, k: 100, a: c.a };
  const f = (x: number) => Math.round(((1 - x - k) / (1 - k)) * 100);
  return { kind: 'cmyk', c: f(r), m: f(g), y: f(b), k: Math.round(k * 100), a: c.a };
}

/** `#RRGGBB`, or `#RRGGBBAA` when not opaque. */
export function formatHex(c: Rgba): string {
  const h = (n: number) => Math.round(n).toString(16).padStart(2, '0').toUpperCase();
  const alpha = c.a < 1 ? h(c.a * 255) : '';
  return `#${h(c.r)}${h(c.g)}${h(c.b)}${alpha}`;
}

/** `cmyk(C,M,Y,K)`, or `cmyka(C,M,Y,K,A)` when not opaque. */
export function formatCmyk(c: Cmyka): string {
  const base = `${c.c},${c.m},${c.y},${c.k}`;
  return c.a < 1 ? `cmyka(${base},${Math.round(c.a * 100)})` : `cmyk(${base})`;
}

export function toRgb(c: SolidColor): Rgba {
  return c.kind === 'rgb' ? c : cmykToRgb(c);
}

/** CSS for a solid color, for renderers working in RGB. */
export function toCssColor(c: SolidColor): string {
  const { r, g, b, a } = toRgb(c);
  return `rgba(${r}, ${g}, ${b}, ${Number(a.toFixed(4))})`;
}

/** CSS `background-image` for a gradient; `cx/cy/r` are percent of the element box. */
export function toCssGradient(g: LinearGradient | RadialGradient): string {
  const stops = g.stops.map((s) => `${toCssColor({ ...toRgb(s.color), a: s.opacity })} ${s.offset}%`).join(', ');
  if (g.kind === 'radial') return `radial-gradient(${g.r}% ${g.r}% at ${g.cx}% ${g.cy}%, ${stops})`;
  const angle = (Math.atan2(g.x2 - g.x1, -(g.y2 - g.y1)) * 180) / Math.PI;
  return `linear-gradient(${Number(angle.toFixed(2))}deg, ${stops})`;
}
