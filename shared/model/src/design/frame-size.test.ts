import { describe, expect, it } from 'vitest';
import { FRAME_SIZE, frameSizeProblem } from './frame-size.js';
import { parseDesignDocument } from './parse/document.js';

const square = (width: number, type = 'static') => ({
  name: 'n',
  type,
  formats: [{ name: 'a', width, height: 100 }],
  elements: [],
  ...(type === 'printer' ? { print: { unit: 'mm' } } : {}),
});

describe('a frame’s width or height', () => {
  it('is 1 to 5000, whole pixels on a static or animated design, any number on print', () => {
    expect(FRAME_SIZE).toEqual({ min: 1, max: 5000 });
    for (const v of [1, 1080, 5000]) expect(frameSizeProblem(v, true)).toBeNull();
    expect(frameSizeProblem(210.5, false)).toBeNull();
    for (const v of [0, -12, 0.4, 5001, Number.NaN, Number.POSITIVE_INFINITY])
      expect(frameSizeProblem(v, false)).toEqual({ code: 'out_of_range', message: 'must be between 1 and 5000' });
    expect(frameSizeProblem(100.5, true)).toEqual({ code: 'invalid_payload', message: 'must be an integer number of pixels' });
  });

  it('is what the document parser takes, with the same words', () => {
    for (const [width, type] of [
      [0, 'static'],
      [-12, 'static'],
      [5001, 'printer'],
      [100.5, 'static'],
      [0.5, 'printer'],
    ] as const) {
      const parsed = parseDesignDocument(square(width, type));
      const problem = frameSizeProblem(width, type !== 'printer');
      expect(parsed.ok, `${width} ${type}`).toBe(false);
      if (!parsed.ok)
        expect(
          parsed.issues.find((i) => i.path === 'formats[0].width'),
          `${width} ${type}`,
        ).toMatchObject({
          code: problem?.code,
          message: problem?.message,
        });
    }
    expect(parseDesignDocument(square(210.5, 'printer')).ok).toBe(true);
    expect(parseDesignDocument(square(1080)).ok).toBe(true);
  });
});
