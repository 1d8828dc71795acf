import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** The CMYK ICC profile images are converted with and the output intent declares. */
export interface OutputProfile {
  path: string;
  /** The profile's own description (its `desc` tag), for the output intent. */
  name: string;
  bytes: Buffer;
}

const GHOSTSCRIPT_SHARE = '/usr/share/ghostscript';

/**
 * The configured profile, or Ghostscript's `default_cmyk.icc` (Debian `libgs-common`, pulled
 * in by `ghostscript`), whose version directory differs between releases. Null when none is found.
 */
export function findOutputProfilePath(configured: string | null): string | null {
  if (configured) return configured;
  try {
    for (const version of readdirSync(GHOSTSCRIPT_SHARE).sort().reverse()) {
      const candidate = `${GHOSTSCRIPT_SHARE}/${version}/iccprofiles/default_cmyk.icc`;
      try {
        readFileSync(candidate, { flag: 'r' }).subarray(0, 0);
        return candidate;
      } catch {
        // next version directory
      }
    }
  } catch {
    return null;
  }
  return null;
}

/** Reads a CMYK output profile; refuses a file that is no CMYK ICC profile. */
export function loadOutputProfile(path: string): OutputProfile {
  const bytes = readFileSync(path);
  if (bytes.length < 132 || bytes.toString('latin1', 36, 40) !== 'acsp') throw new Error(`${path} is not an ICC profile.`);
  if (bytes.toString('latin1', 16, 20) !== 'CMYK') throw new Error(`${path} is not a CMYK profile.`);
  return { path, name: profileDescription(bytes) ?? basename(path), bytes };
}

/** The `desc` tag (ICC v2 textDescriptionType) when the profile has one. */
function profileDescription(bytes: Buffer): string | null {
  const count = bytes.readUInt32BE(128);
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    if (bytes.toString('latin1', at, at + 4) !== 'desc') continue;
    const offset = bytes.readUInt32BE(at + 4);
    if (bytes.toString('latin1', offset, offset + 4) !== 'desc') return null;
    const length = bytes.readUInt32BE(offset + 8);
    return bytes.toString('latin1', offset + 12, offset + 12 + length).replace(/\0+$/, '') || null;
  }
  return null;
}
