/**
 * A frame's width and height as a design takes them (a format's, or the one size of a multipage
 * design's pages): 1 to 5000 in the design's unit, whole pixels on a static or animated design,
 * any number of mm or in on a print design. Stated once, for the document parser (parse/document.ts)
 * and for the clients that size a frame (the console's editor, through the client entry). Pure;
 * no zod, so the console bundles it.
 */
export const FRAME_SIZE = { min: 1, max: 5000 } as const;

/** How a frame's width or height misses what a design takes, as the import says it, or null. */
export interface FrameSizeProblem {
  code: 'out_of_range' | 'invalid_payload';
  message: string;
}

/** Whether a frame's width or height is one a design takes (`pixels`: a static or animated design, whose sizes are whole pixels). */
export function frameSizeProblem(value: number, pixels: boolean): FrameSizeProblem | null {
  if (!(value >= FRAME_SIZE.min && value <= FRAME_SIZE.max))
    return { code: 'out_of_range', message: `must be between ${FRAME_SIZE.min} and ${FRAME_SIZE.max}` };
  if (pixels && !Number.isInteger(value)) return { code: 'invalid_payload', message: 'must be an integer number of pixels' };
  return null;
}
