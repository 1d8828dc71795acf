import type { IllustrationType } from '../properties/values.js';

/**
 * The illustration libraries (docs/renderer.md, "Named illustrations"): an `illustration` layer
 * whose `illustration_type` is not `custom` names one drawing of a library in
 * `illustration_file`. Each library ships inside an npm package, read from disk by the platform
 * (shared/platform/src/illustrations), so nothing is fetched at render time. `undraw` is not
 * here: its licence does not allow shipping its drawings, and it is refused at validation.
 */
export interface IllustrationLibrary {
  package: string;
  /** The package's licence; the drawings' own where it differs (twemoji: CC-BY 4.0, credited in the docs). */
  licence: string;
  homepage: string;
  /** The folder of the SVG files inside the package. */
  folder: string;
  /** Whether `primary_color` can recolour it (single-colour line or glyph icons). */
  recolorable: boolean;
}

export const ILLUSTRATION_LIBRARIES: Readonly<Record<Exclude<IllustrationType, 'custom'>, IllustrationLibrary>> = {
  lucide: { package: 'lucide-static', licence: 'ISC', homepage: 'https://lucide.dev', folder: 'icons', recolorable: true },
  feather: { package: 'feather-icons', licence: 'MIT', homepage: 'https://feathericons.com', folder: 'dist/icons', recolorable: true },
  material_icons: {
    package: '@material-design-icons/svg',
    licence: 'Apache-2.0',
    homepage: 'https://fonts.google.com/icons',
    folder: '',
    recolorable: true,
  },
  twemoji: {
    package: '@twemoji/svg',
    licence: 'MIT (code), CC-BY 4.0 (graphics)',
    homepage: 'https://github.com/jdecked/twemoji',
    folder: '',
    recolorable: false,
  },
};

/** The styles of material_icons (`outlined/home`); a bare name is `filled`. */
export const MATERIAL_ICON_STYLES = ['filled', 'outlined', 'round', 'sharp', 'two-tone'] as const;

/**
 * The file of a drawing inside its library's folder, from the name an author writes; null when
 * the name cannot be one of the library's (the platform then finds whether the file exists).
 *
 * - lucide, feather: lower-case words joined by hyphens (`arrow-right`);
 * - material_icons: `home`, `add_circle`, or `<style>/<name>` (`outlined/home`);
 * - twemoji: the emoji's short name (`tropical_fish`, `tada`; Abyssale's spelling), the emoji
 *   itself (`🎉`) or its code points in hex joined by hyphens (`1f389`).
 *
 * A trailing `.svg` is allowed everywhere.
 */
export function illustrationFile(library: Exclude<IllustrationType, 'custom'>, written: string): string | null {
  const name = written.trim().replace(/\.svg$/i, '');
  if (name.length === 0 || name.length > 100) return null;
  switch (library) {
    case 'lucide':
    case 'feather': {
      const lower = name.toLowerCase();
      return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(lower) ? `${lower}.svg` : null;
    }
    case 'material_icons': {
      const [style, icon] = name.includes('/') ? name.toLowerCase().split('/', 2) : ['filled', name.toLowerCase()];
      if (!(MATERIAL_ICON_STYLES as readonly string[]).includes(style!) || !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(icon ?? '')) return null;
      return `${style}/${icon}.svg`;
    }
    case 'twemoji': {
      // An emoji's short name (`tropical_fish`, Abyssale's spelling): the platform finds its code points.
      if (/^[a-z0-9_+]+$/i.test(name) && !/^[0-9a-f]{2,6}$/i.test(name)) return `${name.toLowerCase()}.svg`;
      const hex = /^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/i.test(name)
        ? name.toLowerCase()
        : [...name]
            .map((c) => c.codePointAt(0)!)
            // Twemoji names its files without the emoji presentation selector.
            .filter((cp) => cp !== 0xfe0f)
            .map((cp) => cp.toString(16))
            .join('-');
      return /^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/.test(hex) ? `${hex}.svg` : null;
    }
  }
}
