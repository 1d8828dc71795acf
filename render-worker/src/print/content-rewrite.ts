import type { Cmyk } from './color-keys.js';

/** Maps an RGB paint (components 0–1 as written in the PDF) to the CMYK to write instead. */
export type RgbToCmyk = (r: number, g: number, b: number) => Cmyk;

interface Operand {
  start: number;
  end: number;
  text: string;
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);

/**
 * Rewrites every RGB and grey paint operator of a PDF content stream (decoded, latin1) into
 * DeviceCMYK: `r g b rg` → `c m y k k`, `RG` → `K`, `g`/`G` → `0 0 0 k k`/`K`, and a
 * `/DeviceRGB cs` with its `sc`/`scn` operands. Strings, names, arrays and dictionaries are
 * skipped by a real tokenizer, so text that happens to read "rg" is never touched.
 */
export function rewriteContentStream(src: string, toCmyk: RgbToCmyk): string {
  const out: string[] = [];
  let copiedTo = 0;
  let operands: Operand[] = [];
  const rgbSpace = { fill: false, stroke: false };
  let i = 0;
  const n = src.length;

  const replace = (start: number, end: number, text: string) => {
    out.push(src.slice(copiedTo, start), text);
    copiedTo = end;
  };
  const numbers = (count: number): number[] | null => {
    if (operands.length < count) return null;
    const values = operands.slice(-count).map((o) => Number(o.text));
    return values.every((v) => Number.isFinite(v)) ? values : null;
  };

  while (i < n) {
    const code = src.charCodeAt(i);
    const ch = src[i]!;
    if (WHITESPACE.has(code)) {
      i++;
      continue;
    }
    const start = i;
    if (ch === '%') {
      while (i < n && src[i] !== '\n' && src[i] !== '\r') i++;
      continue;
    }
    if (ch === '(') {
      i = skipString(src, i);
      operands.push({ start, end: i, text: '' });
      continue;
    }
    if (ch === '<' && src[i + 1] === '<') {
      i = skipDictionary(src, i);
      operands.push({ start, end: i, text: '' });
      continue;
    }
    if (ch === '<') {
      i = src.indexOf('>', i) + 1 || n;
      operands.push({ start, end: i, text: '' });
      continue;
    }
    if (ch === '[') {
      i = skipArray(src, i);
      operands.push({ start, end: i, text: '' });
      continue;
    }
    if (ch === '/') {
      i++;
      while (i < n && !WHITESPACE.has(src.charCodeAt(i)) && !DELIMITERS.has(src[i]!)) i++;
      operands.push({ start, end: i, text: src.slice(start, i) });
      continue;
    }
    if (DELIMITERS.has(ch)) {
      // A stray ] > ) } does not occur in a well-formed stream; step over it.
      i++;
      continue;
    }
    while (i < n && !WHITESPACE.has(src.charCodeAt(i)) && !DELIMITERS.has(src[i]!)) i++;
    const word = src.slice(start, i);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) || word === 'true' || word === 'false' || word === 'null') {
      operands.push({ start, end: i, text: word });
      continue;
    }
    // An operator.
    if (word === 'rg' || word === 'RG') {
      const v = numbers(3);
      if (v) replace(operands[operands.length - 3]!.start, i, `${cmykOperands(toCmyk(v[0]!, v[1]!, v[2]!))} ${word === 'rg' ? 'k' : 'K'}`);
    } else if (word === 'g' || word === 'G') {
      const v = numbers(1);
      if (v) replace(operands[operands.length - 1]!.start, i, `0 0 0 ${fraction(1 - v[0]!)} ${word === 'g' ? 'k' : 'K'}`);
    } else if (word === 'cs' || word === 'CS') {
      const name = operands[operands.length - 1];
      const rgb = name?.text === '/DeviceRGB';
      rgbSpace[word === 'cs' ? 'fill' : 'stroke'] = rgb;
      if (rgb && name) replace(name.start, name.end, '/DeviceCMYK');
    } else if ((word === 'sc' || word === 'scn') && rgbSpace.fill) {
      const v = numbers(3);
      if (v) replace(operands[operands.length - 3]!.start, i, `${cmykOperands(toCmyk(v[0]!, v[1]!, v[2]!))} ${word}`);
    } else if ((word === 'SC' || word === 'SCN') && rgbSpace.stroke) {
      const v = numbers(3);
      if (v) replace(operands[operands.length - 3]!.start, i, `${cmykOperands(toCmyk(v[0]!, v[1]!, v[2]!))} ${word}`);
    } else if (word === 'BI') {
      throw new Error('Inline images are not expected in a Chromium PDF.');
    }
    operands = [];
  }
  out.push(src.slice(copiedTo));
  return out.join('');
}

/** `c m y k` as PDF numbers in 0–1: percents are integers, so two decimals are exact. */
export function cmykOperands(c: Cmyk): string {
  return [c.c, c.m, c.y, c.k].map((v) => fraction(v / 100)).join(' ');
}

/** A number in 0–1 written the way the tests read it back: `0`, `1`, `0.45`. */
export function fraction(v: number): string {
  const rounded = Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;
  return String(rounded);
}

function skipString(src: string, i: number): number {
  let depth = 0;
  for (; i < src.length; i++) {
    const ch = src[i];
    if (ch === '\\') {
      i++;
    } else if (ch === '(') {
      depth++;
    } else if (ch === ')') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return src.length;
}

function skipArray(src: string, i: number): number {
  let depth = 0;
  for (; i < src.length; i++) {
    const ch = src[i];
    if (ch === '(') i = skipString(src, i) - 1;
    else if (ch === '[') depth++;
    else if (ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return src.length;
}

function skipDictionary(src: string, i: number): number {
  let depth = 0;
  for (; i < src.length; i++) {
    const ch = src[i];
    if (ch === '(') i = skipString(src, i) - 1;
    else if (ch === '<' && src[i + 1] === '<') {
      depth++;
      i++;
    } else if (ch === '>' && src[i + 1] === '>') {
      depth--;
      i++;
      if (depth === 0) return i + 1;
    }
  }
  return src.length;
}
