/** Media families the import stores. */
export type MediaFamily = 'image' | 'font' | 'video' | 'audio';

/**
 * What the bytes actually are, from their signature, so a declared content type cannot smuggle
 * something else into a design. Null when the signature is unknown. ISO media (`ftyp`) is
 * video or audio (and AVIF an image) whatever the declaration says, so both are accepted there.
 */
export function sniffFamilies(bytes: Buffer): MediaFamily[] | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length < 4) return null;
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return ['image'];
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return ['image'];
  if (ascii(0, 4) === 'GIF8') return ['image'];
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return ['image'];
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return ['audio'];
  if (ascii(0, 4) === 'II*\u0000' || ascii(0, 4) === 'MM\u0000*') return ['image'];
  if (ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    return brand === 'avif' || brand === 'avis' ? ['image'] : ['video', 'audio'];
  }
  if (ascii(0, 4) === 'wOFF' || ascii(0, 4) === 'wOF2' || ascii(0, 4) === 'OTTO' || ascii(0, 4) === 'true') return ['font'];
  if (bytes[0] === 0 && bytes[1] === 1 && bytes[2] === 0 && bytes[3] === 0) return ['font'];
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return ['video', 'audio'];
  if (ascii(0, 4) === 'OggS') return ['audio', 'video'];
  if (ascii(0, 3) === 'ID3' || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return ['audio'];
  const head = ascii(0, Math.min(bytes.length, 1024)).trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return ['image'];
  return null;
}

export function familyOf(contentType: string): MediaFamily | null {
  const top = contentType.split('/')[0];
  return top === 'image' || top === 'font' || top === 'video' || top === 'audio' ? top : null;
}

/** True when the bytes are what the content type says (by family). */
export function bytesMatch(contentType: string, bytes: Buffer): boolean {
  const declared = familyOf(contentType);
  const actual = sniffFamilies(bytes);
  return declared !== null && actual !== null && actual.includes(declared);
}
