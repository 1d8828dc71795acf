import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DESIGN_TYPES } from './context.js';
import { parseOverrides } from './parse.js';

const PROPERTY_NAMES = [
  'payload',
  'color',
  'background_color',
  'shadow_offset_x',
  'stroke_width',
  'font_weight',
  'alignment',
  'image_encoded',
  'text_to_image',
  'auto_focus_properties',
  'mask_properties',
  'vars',
];

/** Objects shaped like overrides, with values of any kind, so the property rules are exercised. */
const elementsLike = fc.dictionary(
  fc.oneof(fc.constantFrom('root', 'vars', 'title', '__proto__', 'constructor'), fc.string({ maxLength: 8 })),
  fc.oneof(
    fc.anything(),
    fc.dictionary(fc.oneof(fc.constantFrom(...PROPERTY_NAMES), fc.string({ maxLength: 6 })), fc.anything(), { maxKeys: 5 }),
  ),
  { maxKeys: 4 },
);

describe('parseOverrides on arbitrary input', () => {
  it('never throws; a refusal is an AppError whose every issue sits under elements', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), elementsLike),
        fc.constantFrom(...DESIGN_TYPES),
        fc.constantFrom('sync' as const, 'async' as const),
        (input, designType, mode) => {
          const result = parseOverrides(input, { designType, mode });
          if (result.ok) {
            expect(Object.getPrototypeOf(result.value.layers)).toBeNull();
            return;
          }
          expect(['invalid_payload', 'out_of_range', 'missing_required']).toContain(result.error.id);
          expect(result.issues.length).toBeGreaterThan(0);
          for (const issue of result.issues)
            expect(issue.path === 'elements' || issue.path.startsWith('elements.') || issue.path.startsWith('elements[')).toBe(true);
        },
      ),
      { numRuns: 1500 },
    );
  });
});
