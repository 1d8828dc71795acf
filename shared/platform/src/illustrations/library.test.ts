import { ILLUSTRATION_LIBRARIES } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { libraryIllustration } from './library.js';

describe('libraryIllustration', () => {
  it('reads a drawing of every shipped library by name, from the installed package', () => {
    const drawn = {
      lucide: libraryIllustration('lucide', 'leaf'),
      feather: libraryIllustration('feather', 'feather'),
      material_icons: libraryIllustration('material_icons', 'home'),
      twemoji: libraryIllustration('twemoji', '1f389'),
    };
    expect(Object.keys(drawn).sort()).toEqual(Object.keys(ILLUSTRATION_LIBRARIES).sort());
    for (const svg of Object.values(drawn)) expect(svg?.toString('utf8')).toContain('<svg');
    expect(drawn.lucide?.toString('utf8')).toContain('lucide-leaf');
    expect(drawn.feather?.toString('utf8')).toContain('feather-feather');
  });

  it('takes the names authors write: a material style, an emoji itself, a trailing .svg', () => {
    expect(libraryIllustration('material_icons', 'outlined/home')).not.toEqual(libraryIllustration('material_icons', 'home'));
    expect(libraryIllustration('material_icons', 'outlined/home')?.toString('utf8')).toContain('<svg');
    expect(libraryIllustration('twemoji', '🎉')).toEqual(libraryIllustration('twemoji', '1f389'));
    // Abyssale names a twemoji by its short name.
    expect(libraryIllustration('twemoji', 'tropical_fish')).toEqual(libraryIllustration('twemoji', '🐠'));
    expect(libraryIllustration('twemoji', 'tropical_fish')?.toString('utf8')).toContain('<svg');
    expect(libraryIllustration('twemoji', 'heart')).toEqual(libraryIllustration('twemoji', '2764'));
    // The presentation selector is not in Twemoji's file names.
    expect(libraryIllustration('twemoji', '❤️')).toEqual(libraryIllustration('twemoji', '2764'));
    expect(libraryIllustration('feather', 'heart.svg')).toEqual(libraryIllustration('feather', 'heart'));
  });

  it('answers null for a name the library lacks, and for anything that is not a plain name', () => {
    expect(libraryIllustration('lucide', 'no-such-drawing-anywhere')).toBeNull();
    expect(libraryIllustration('lucide', '../package')).toBeNull();
    expect(libraryIllustration('lucide', 'Leaf/..')).toBeNull();
    expect(libraryIllustration('lucide', '')).toBeNull();
    expect(libraryIllustration('material_icons', 'bold/home')).toBeNull();
    expect(libraryIllustration('material_icons', '../../package')).toBeNull();
    expect(libraryIllustration('twemoji', 'ffffff')).toBeNull();
    expect(libraryIllustration('twemoji', 'no_such_emoji_name')).toBeNull();
  });
});
