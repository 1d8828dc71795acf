import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ILLUSTRATION_LIBRARIES, type IllustrationType, illustrationFile } from '@pressroom/model';
import { z } from 'zod';

const require = createRequire(import.meta.url);
const folders = new Map<string, string>();

/**
 * The SVG of a named drawing of one of the shipped illustration libraries (design/illustrations.ts
 * in the model; docs/renderer.md): read from the installed package, never fetched. Null for a
 * name the library does not have. A twemoji short name (`tropical_fish`) is looked up in the
 * emoji data of `emoji-datasource` (MIT).
 */
export function libraryIllustration(library: Exclude<IllustrationType, 'custom'>, name: string): Buffer | null {
  const file = illustrationFile(library, name);
  if (file === null) return null;
  const folder = folderOf(library);
  const candidates = [file];
  if (library === 'twemoji') candidates.push(...(emojiShortNames().get(file.replace(/\.svg$/, '')) ?? []).map((hex) => `${hex}.svg`));
  for (const candidate of candidates) {
    const path = join(folder, candidate);
    if (existsSync(path)) return readFileSync(path);
  }
  return null;
}

function folderOf(library: Exclude<IllustrationType, 'custom'>): string {
  let folder = folders.get(library);
  if (folder === undefined) {
    const spec = ILLUSTRATION_LIBRARIES[library];
    folder = join(dirname(require.resolve(`${spec.package}/package.json`)), spec.folder);
    folders.set(library, folder);
  }
  return folder;
}

const EmojiData = z.array(
  z.object({ unified: z.string(), non_qualified: z.string().nullable().optional(), short_names: z.array(z.string()) }),
);
let shortNames: Map<string, string[]> | undefined;

/** Every emoji short name, to its Twemoji file names (with and without the presentation selector). */
function emojiShortNames(): Map<string, string[]> {
  if (shortNames !== undefined) return shortNames;
  shortNames = new Map();
  for (const e of EmojiData.parse(require('emoji-datasource/emoji.json'))) {
    const unified = e.unified.toLowerCase();
    const files = [...new Set([unified, unified.replaceAll('-fe0f', ''), ...(e.non_qualified ? [e.non_qualified.toLowerCase()] : [])])];
    for (const short of e.short_names) shortNames.set(short, files);
  }
  return shortNames;
}
