import { describe, expect, it } from 'vitest';
import type { ElementType } from '../design/types.js';
import { checkAgainstDesign } from './check-against-design.js';
import type { OverrideContext } from './context.js';
import { parseOverrides } from './parse.js';

const STATIC_SYNC: OverrideContext = { designType: 'static', mode: 'sync' };
const PRINT_ASYNC: OverrideContext = { designType: 'printer', mode: 'async' };
const GRADIENT = 'linear-gradient(0% 0% 100% 0%,0% #000 1,100% #fff 1)';

const TYPES: Record<string, ElementType> = {
  text: 'text',
  button: 'button',
  shape: 'shape',
  image: 'image',
  rating: 'rating',
  qr: 'qrcode',
  code: 'code',
  container: 'container',
};

function check(elements: unknown, ctx: OverrideContext) {
  const parsed = parseOverrides(elements, ctx);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return checkAgainstDesign(parsed.value, TYPES, ctx);
}

describe('checkAgainstDesign', () => {
  it.each([
    [
      'stroke_width above 40 on text',
      { text: { stroke_width: 41 } },
      STATIC_SYNC,
      'out_of_range',
      'elements.text.stroke_width',
      { min: 0, max: 40 },
      41,
    ],
    [
      'stroke_width above 40 on button',
      { button: { stroke_width: 60 } },
      STATIC_SYNC,
      'out_of_range',
      'elements.button.stroke_width',
      { min: 0, max: 40 },
      60,
    ],
    [
      'button payload above 2048',
      { button: { payload: 'x'.repeat(2049) } },
      STATIC_SYNC,
      'out_of_range',
      'elements.button.payload',
      { min: 1, max: 2048 },
      2049,
    ],
    [
      'justified alignment on a button',
      { button: { alignment: 'justify' } },
      STATIC_SYNC,
      'invalid_payload',
      'elements.button.alignment',
      undefined,
      undefined,
    ],
    [
      'a qrcode payload longer than the design model takes (2048)',
      { qr: { payload: 'x'.repeat(2049) } },
      STATIC_SYNC,
      'out_of_range',
      'elements.qr.payload',
      { min: 1, max: 2048 },
      2049,
    ],
    [
      'a justified alignment on a shape, which has no alignment of its own',
      { shape: { alignment: 'justify' } },
      STATIC_SYNC,
      'invalid_payload',
      'elements.shape.alignment',
      undefined,
      undefined,
    ],
    [
      'gradient on a rating background',
      { rating: { background_color: GRADIENT } },
      STATIC_SYNC,
      'invalid_payload',
      'elements.rating.background_color',
      undefined,
      undefined,
    ],
    [
      'gradient on a qrcode background',
      { qr: { background_color: GRADIENT } },
      STATIC_SYNC,
      'invalid_payload',
      'elements.qr.background_color',
      undefined,
      undefined,
    ],
    [
      'print: gradient on a text background',
      { text: { background_color: GRADIENT } },
      PRINT_ASYNC,
      'invalid_payload',
      'elements.text.background_color',
      undefined,
      undefined,
    ],
    [
      'print: gradient on an image background',
      { image: { background_color: GRADIENT } },
      PRINT_ASYNC,
      'invalid_payload',
      'elements.image.background_color',
      undefined,
      undefined,
    ],
  ])('%s', (_name, elements, ctx, id, path, expected, received) => {
    const result = check(elements, ctx);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.id).toBe(id);
    expect(result.error.issues).toHaveLength(1);
    expect(result.error.issues![0]).toMatchObject({ path, ...(expected ? { expected, received } : {}) });
  });

  it('accepts what the types allow and drops layers the design does not have', () => {
    const result = check(
      {
        root: { background_color: '#fff' },
        shape: { stroke_width: 60, background_color: GRADIENT },
        button: { background_color: GRADIENT, stroke_width: 40, payload: 'x'.repeat(2048) },
        text: { alignment: 'top justify-left', stroke_width: 40 },
        ghost: { payload: 'nobody' },
        code: { payload: 'read-only' },
        container: { hidden: true },
      },
      PRINT_ASYNC,
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.keys(result.value.layers).sort()).toEqual(['button', 'root', 'shape', 'text']);
  });

  it('uses the page prefix for multipage paths', () => {
    const parsed = parseOverrides({ text: { stroke_width: 50 } }, PRINT_ASYNC, ['pages', 'page_2']);
    if (!parsed.ok) throw new Error('parse failed');
    const result = checkAgainstDesign(parsed.value, TYPES, PRINT_ASYNC, ['pages', 'page_2']);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.issues![0]!.path).toBe('pages.page_2.text.stroke_width');
  });
});
