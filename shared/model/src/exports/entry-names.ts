/**
 * Names of the files inside an export's ZIP: each Banner's own file name, made unique. A repeated
 * name gets `-2`, `-3`, … before its extension, compared case-insensitively (an archive unpacked
 * on macOS or Windows must not overwrite one file with another). Pure; order is kept.
 */
export function zipEntryNames(filenames: readonly string[]): string[] {
  const taken = new Set<string>();
  return filenames.map((raw) => {
    const name = raw.replace(/[\\/]/g, '-') || 'file';
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
