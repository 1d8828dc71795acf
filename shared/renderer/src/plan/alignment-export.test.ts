import { TEXT_ALIGNMENTS, twoTokenAlignment } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { textAlign } from './alignment.js';

// as-import writes every alignment in the two-token form of Abyssale's export
// (`twoTokenAlignment`): the renderer must draw that form exactly as the stored one-axis value,
// or a design's export would re-import to other pixels.
describe("the export's two-token alignments", () => {
  it.each(TEXT_ALIGNMENTS.map((v) => [v, twoTokenAlignment(v)]))('%s is drawn as %s', (stored, exported) => {
    expect(textAlign(exported)).toEqual(textAlign(stored));
  });
});
