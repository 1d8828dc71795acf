import { bannerFileType } from '../output-formats/index.js';

/**
 * The file name of a generated file: the design's naming scheme when it has one (placeholders
 * `{design}`, `{format}`, `{width}`, `{height}`), else `<design name>-<format>`; always slugged
 * so it is a safe download name and a readable storage key segment.
 */
export function bannerFilename(input: {
  designName: string;
  formatName: string;
  width: number;
  height: number;
  fileType: string;
  namingScheme?: string | null;
  /** A name chosen per file (a bulk row's `_file_name`): used as it is, in place of the scheme. */
  stem?: string | null;
}): string {
  if (input.stem) return `${slug(input.stem) || 'banner'}.${extensionOf(input.fileType)}`;
  const base = input.namingScheme
    ? input.namingScheme
        .replaceAll('{design}', input.designName)
        .replaceAll('{format}', input.formatName)
        .replaceAll('{width}', String(input.width))
        .replaceAll('{height}', String(input.height))
    : `${input.designName}-${input.formatName}`;
  return `${slug(base) || 'banner'}.${extensionOf(input.fileType)}`;
}

export function extensionOf(fileType: string): string {
  return bannerFileType(fileType);
}

/** Lowercase ASCII words joined by `-`; accents folded, everything else dropped. */
export function slug(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}
