import { z } from 'zod';
import type { Color } from './types.js';

/**
 * A colour already parsed (types.ts), as it travels inside a job payload: the control plane
 * parsed the string once; the job boundary only checks the shape it is handed back.
 */
const hex = z.object({
  kind: z.literal('hex'),
  r: z.number(),
  g: z.number(),
  b: z.number(),
  alpha: z.number(),
  digits: z.literal([3, 4, 6, 8]),
});
const cmyk = z.object({
  kind: z.literal('cmyk'),
  c: z.number(),
  m: z.number(),
  y: z.number(),
  k: z.number(),
  alpha: z.number().nullable(),
});
const stops = z.array(
  z.object({
    offset: z.number(),
    color: z.union([hex.extend({ digits: z.literal([3, 6]) }), cmyk.extend({ alpha: z.null() })]),
    opacity: z.number(),
  }),
);

export const parsedColorSchema: z.ZodType<Color> = z.discriminatedUnion('kind', [
  hex,
  cmyk,
  z.object({ kind: z.literal('linear-gradient'), x1: z.number(), y1: z.number(), x2: z.number(), y2: z.number(), stops }),
  z.object({ kind: z.literal('radial-gradient'), cx: z.number(), cy: z.number(), r: z.number(), stops }),
]);
