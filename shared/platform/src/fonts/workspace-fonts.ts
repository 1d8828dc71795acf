import { join } from 'node:path';
import {
  AppError,
  documentUsesFont,
  type FontCategory,
  type FontFaceFile,
  type FontRecord,
  normaliseFontName,
  uploadedFontCssFamily,
} from '@pressroom/model';
import type pg from 'pg';
import { withTransaction } from '../db/pool.js';
import {
  deleteFontFace,
  deleteWorkspaceFontFamily,
  insertFontFile,
  selectFontIdByFileHash,
  selectLiveDesignDocuments,
  selectWorkspaceFontFiles,
  upsertWorkspaceFontFamily,
} from '../sql/fonts.js';
import { workspaceFontKey } from '../storage/keys.js';
import type { ObjectStorage } from '../storage/storage.js';
import { availableWeights } from './build-catalogue.js';
import { FontFileError, parseFontFile } from './parse-font.js';

/** A workspace's uploaded families, in the catalogue's shapes (merge with `withUploadedFonts`). */
export interface WorkspaceFonts {
  fonts: FontRecord[];
  faces: Map<string, FontFaceFile[]>;
}

/**
 * The workspace's uploaded fonts. `cacheDir` is where a render worker keeps font files (each face's
 * `path` is `<cacheDir>/<sha256>.<format>`, filled on first use); null where no file is read (the
 * control plane), and then the paths are empty.
 */
export async function workspaceFonts(db: pg.Pool | pg.PoolClient, workspaceId: string, cacheDir: string | null): Promise<WorkspaceFonts> {
  const rows = await selectWorkspaceFontFiles(db, workspaceId);
  const faces = new Map<string, FontFaceFile[]>();
  const names = new Map<string, { name: string; category: FontCategory }>();
  for (const row of rows) {
    names.set(row.font_id, { name: row.name, category: row.category });
    const list = faces.get(row.font_id) ?? [];
    list.push({
      family: uploadedFontCssFamily(row.font_id),
      weight: row.weight,
      style: row.style,
      unicodeRange: row.unicode_range,
      subset: 'upload',
      path: cacheDir === null ? '' : join(cacheDir, `${row.sha256}.${row.format}`),
      source: { sha256: row.sha256, storageKey: row.storage_key, format: row.format },
    });
    faces.set(row.font_id, list);
  }
  const fonts = [...faces].map(([id, list]): FontRecord => {
    const { name, category } = names.get(id)!;
    return { id, name, available_weights: availableWeights(list), category, type: 'custom' };
  });
  return { fonts, faces };
}

export interface AddFontResult {
  font: FontRecord;
  /** False when the identical file was already there (recognised by its hash; nothing stored). */
  stored: boolean;
}

/**
 * Adds one uploaded file to the workspace's fonts: parsed with fontkit (FontFileError becomes
 * 400 invalid_payload at `path`), stored under its hash, and filed under its family (or `name`):
 * a second file of that family joins it, and a file of a weight and style the family already has
 * replaces that face. An identical file is recognised by its hash and not stored again.
 */
export async function addWorkspaceFont(
  db: pg.Pool,
  storage: ObjectStorage,
  input: { workspaceId: string; bytes: Buffer; name: string | null; path: string },
): Promise<AddFontResult> {
  let parsed: ReturnType<typeof parseFontFile>;
  try {
    parsed = parseFontFile(input.bytes);
  } catch (err) {
    if (!(err instanceof FontFileError)) throw err;
    throw AppError.fromIssues([{ path: input.path, code: 'invalid_payload', message: err.message }], `${input.path}: ${err.message}`);
  }
  const recordOf = async (fontId: string) => (await workspaceFonts(db, input.workspaceId, null)).fonts.find((f) => f.id === fontId)!;
  const existing = await selectFontIdByFileHash(db, input.workspaceId, parsed.sha256);
  if (existing) return { font: await recordOf(existing), stored: false };

  const key = workspaceFontKey(input.workspaceId, parsed.sha256, parsed.format);
  // Stored first: a row never points at a missing object. An object whose row never lands is
  // overwritten by the same bytes on the next upload of that file.
  await storage.put(key, input.bytes, { contentType: `font/${parsed.format}`, contentLength: input.bytes.length });
  const name = (input.name ?? parsed.family).trim();
  const { fontId, replaced } = await withTransaction(db, async (tx) => {
    const id = await upsertWorkspaceFontFamily(tx, {
      workspaceId: input.workspaceId,
      name,
      nameKey: normaliseFontName(name),
      category: parsed.category,
    });
    const old = await deleteFontFace(tx, id, parsed.weight, parsed.style);
    await insertFontFile(tx, {
      fontId: id,
      workspaceId: input.workspaceId,
      sha256: parsed.sha256,
      format: parsed.format,
      weight: parsed.weight,
      style: parsed.style,
      unicodeRange: parsed.unicodeRange,
      byteSize: input.bytes.length,
      storageKey: key,
    });
    return { fontId: id, replaced: old };
  });
  await Promise.all(replaced.filter((k) => k !== key).map((k) => storage.delete(k).catch(() => undefined)));
  return { font: await recordOf(fontId), stored: true };
}

/** A design of the workspace that draws with a font (the 409 of a delete lists them). */
export interface FontUser {
  id: string;
  name: string;
}

/** The workspace's active designs whose documents name the font by id or family. */
export async function designsUsingFont(db: pg.Pool, workspaceId: string, font: { id: string; name: string }): Promise<FontUser[]> {
  const rows = await selectLiveDesignDocuments(db, workspaceId);
  return rows.filter((r) => documentUsesFont(r.document, font)).map((r) => ({ id: r.id, name: r.name }));
}

/**
 * Deletes an uploaded family and its files. Another workspace's id, or a bundled one, is an
 * unknown font (404 font_not_found); a family that a design still uses answers 409 font_in_use
 * with those designs.
 */
export async function deleteWorkspaceFont(db: pg.Pool, storage: ObjectStorage, workspaceId: string, fontId: string): Promise<FontRecord> {
  const font = (await workspaceFonts(db, workspaceId, null)).fonts.find((f) => f.id === fontId.toLowerCase());
  if (!font) throw new AppError('font_not_found', `No uploaded font ${fontId} in this workspace.`);
  const users = await designsUsingFont(db, workspaceId, font);
  if (users.length > 0) {
    throw new AppError('font_in_use', `${users.length} design(s) use ${font.name}; change them first.`, {
      issues: users.map((d) => ({
        path: 'designs',
        code: 'font_in_use',
        message: `design ${d.id} (${d.name}) uses this font`,
        received: d,
      })),
    });
  }
  const keys = await deleteWorkspaceFontFamily(db, workspaceId, font.id);
  await Promise.all(keys.map((k) => storage.delete(k).catch(() => undefined)));
  return font;
}
