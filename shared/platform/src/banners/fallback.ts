import { bannerFileKey } from '../storage/keys.js';

/**
 * Where the backup JPEG of an HTML5 banner (file type zip) lives: beside the zip, in the
 * banner's own folder, named after it. Derived, so the banner row needs no extra column.
 */
export function fallbackImageKey(row: { workspace_id: string; id: string; filename: string }): string {
  return bannerFileKey(row.workspace_id, row.id, fallbackImageFilename(row.filename));
}

/** The fallback image's file name, as the download names it. */
export function fallbackImageFilename(filename: string): string {
  return `${filename.replace(/\.zip$/, '')}-fallback.jpeg`;
}
