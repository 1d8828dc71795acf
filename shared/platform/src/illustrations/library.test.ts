import { describe, expect, it } from 'vitest';
import { libraryIllustration } from './library.js';

describe('libraryIllustration', () => {
  it('reads a drawing of the bundled Lucide set by name', () => {
    const svg = libraryIllustration('leaf')?.toString('utf8') ?? '';
    expect(svg).toContain('<svg');
    expect(svg).toContain('lucide-leaf');
  });

  it('answers null for a name the set lacks, and for anything that is not a plain name', () => {
    expect(libraryIllustration('no-such-drawing-anywhere')).toBeNull();
    expect(libraryIllustration('../package')).toBeNull();
    expect(libraryIllustration('Leaf/..')).toBeNull();
    expect(libraryIllustration('')).toBeNull();
  });
});
