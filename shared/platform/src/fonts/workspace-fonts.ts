import { join } from 'node:path';
import {
  AppError,
  documentUsesFont,
  type FontCategory,
  type FontFaceFile,
  type FontRecord,
  type FontStyle,
  type FontWeight,
  normaliseFontName,
  type UploadedFontFormat,
  uploadedFontCssFamily,
} from '@pressroom/model';
import type pg from 'pg';
import { withTransaction } from '../db/pool.js';
import { workspaceFontKey } from '../storage/keys.js';
import type { ObjectStorage } from '../storage/storage.js';
import { availableWeights } from './build-catalogue.js';
import { FontFileError, parseFontFile } from './parse-font.js';

/** A workspace's uploaded families, in the catalogue's shapes (merge with `withUploadedFonts`). */
export interface WorkspaceFonts {
  fonts: FontRecord[];
  faces: Map<string, FontFaceFile[]>;
}

interface FileRow {
  font_id: string;
  name: string;
  category: FontCategory;
  sha256: string;
  format: UploadedFontFormat;
  weight: FontWeight;
  style: FontStyle;
  unicode_range: string;
  storage_key: string;
}

/**
 * The workspace's uploaded fonts. `cacheDir` is where a render worker keeps font files (each face's
 * `path` is `<cacheDir>/<sha256>.<format>`, filled on first use); null where no file is read (the
 * control plane), and then the paths are empty.
 */
export async function workspaceFonts(db: pg.Pool | pg.PoolClient, workspaceId: string, cacheDir: string | null): Promise<WorkspaceFonts> {
  const { rows } = await db.query<FileRow>(
    `SELECT f.id AS font_id, f.name, f.category, ff.sha256, ff.format, ff.weight, ff.style, ff.unicode_range, ff.storage_key
       FROM workspace_fonts f JOIN workspace_font_files ff ON ff.font_id = f.id
      WHERE f.workspace_id = $1
      ORDER BY f.id, ff.weight, ff.style, ff.sha256`,
    [workspaceId],
  );
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
  const existing = await db.query<{ font_id: string }>('SELECT font_id FROM workspace_font_files WHERE workspace_id = $1 AND sha256 = $2', [
    input.workspaceId,
    parsed.sha256,
  ]);
  if (existing.rows[0]) return { font: await recordOf(existing.rows[0].font_id), stored: false };

  const key = workspaceFontKey(input.workspaceId, parsed.sha256, parsed.format);
  // Stored first: a row never points at a missing object. An object whose row never lands is
  // overwritten by the same bytes on the next upload of that file.
  await storage.put(key, input.bytes, { contentType: `font/${parsed.format}`, contentLength: input.bytes.length });
  const name = (input.name ?? parsed.family).trim();
  const { fontId, replaced } = await withTransaction(db, async (tx) => {
    const family = await tx.query<{ id: string }>(
      `INSERT INTO workspace_fonts (workspace_id, name, name_key, category) VALUES ($1, $2, $3, $4)
       ON CONFLICT (workspace_id, name_key) DO UPDATE SET name_key = EXCLUDED.name_key
       RETURNING id`,
      [input.workspaceId, name, normaliseFontName(name), parsed.category],
    );
    const id = family.rows[0]!.id;
    const old = await tx.query<{ storage_key: string }>(
      `DELETE FROM workspace_font_files WHERE font_id = $1 AND weight = $2 AND style = $3 RETURNING storage_key`,
      [id, parsed.weight, parsed.style],
    );
    await tx.query(
      `INSERT INTO workspace_font_files (font_id, workspace_id, sha256, format, weight, style, unicode_range, byte_size, storage_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (workspace_id, sha256) DO NOTHING`,
      [id, input.workspaceId, parsed.sha256, parsed.format, parsed.weight, parsed.style, parsed.unicodeRange, input.bytes.length, key],
    );
    return { fontId: id, replaced: old.rows.map((r) => r.storage_key) };
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
  const { rows } = await db.query<{ id: string; name: string; document: unknown }>(
    `SELECT id, name, document FROM designs WHERE workspace_id = $1 AND status <> 'DELETED' AND deleted_at IS NULL ORDER BY name, id`,
    [workspaceId],
  );
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
  const files = await db.query<{ storage_key: string }>(
    `WITH gone AS (DELETE FROM workspace_fonts WHERE id = $1 AND workspace_id = $2 RETURNING id)
     SELECT storage_key FROM workspace_font_files WHERE font_id IN (SELECT id FROM gone)`,
    [font.id, workspaceId],
  );
  await Promise.all(files.rows.map((r) => storage.delete(r.storage_key).catch(() => undefined)));
  return font;
}
