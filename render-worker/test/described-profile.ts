import { readFileSync, writeFileSync } from 'node:fs';
import { findOutputProfilePath } from '../src/print/output-profile.js';

/**
 * A copy of an ICC v2 profile whose description (its `desc` tag, textDescriptionType) says
 * `description`. The vendor's built-in profiles (ISO Coated v2 (ECI), …) do not ship with
 * Pressroom (docs/print.md, "Output profiles"): tests stand one in with Ghostscript's CMYK
 * profile under that name. The tag is appended, its table entry repointed, the header's size set
 * and its profile id (an MD5 that no longer matches) cleared.
 */
export function withDescription(profile: Buffer, description: string): Buffer {
  const ascii = Buffer.from(`${description}\0`, 'latin1');
  // 'desc', reserved, ASCII count and text, Unicode language and count, ScriptCode code, count and its 67 bytes.
  const tag = Buffer.alloc(12 + ascii.length + 8 + 3 + 67);
  tag.write('desc', 0, 'latin1');
  tag.writeUInt32BE(ascii.length, 8);
  ascii.copy(tag, 12);
  const start = Math.ceil(profile.length / 4) * 4;
  const out = Buffer.alloc(start + tag.length);
  profile.copy(out);
  tag.copy(out, start);
  const count = out.readUInt32BE(128);
  let found = false;
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    if (out.toString('latin1', at, at + 4) !== 'desc') continue;
    out.writeUInt32BE(start, at + 4);
    out.writeUInt32BE(tag.length, at + 8);
    found = true;
  }
  if (!found) throw new Error('the profile has no desc tag to rename');
  out.writeUInt32BE(out.length, 0);
  out.fill(0, 84, 100);
  return out;
}

/** Ghostscript's default CMYK profile, described as `description`, written to `path`. */
export function writeDescribedProfile(path: string, description: string): string {
  const source = findOutputProfilePath(null);
  if (source === null) throw new Error("Ghostscript's default_cmyk.icc is not installed");
  writeFileSync(path, withDescription(readFileSync(source), description));
  return path;
}
