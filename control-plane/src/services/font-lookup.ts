import { AppError, type FontCatalogue, type FontReference, unknownFontIssues, unknownFonts, withUploadedFonts } from '@pressroom/model';
import { loadFontCatalogue, workspaceFonts } from '@pressroom/platform';
import type pg from 'pg';

/**
 * The font lookup of import and generation validation: a `font` the body names must be a bundled
 * family, one of the workspace's uploads (another workspace's font is unknown here), or a face the
 * body brings; anything else is 400 `unknown_font` at its path (docs/fonts.md), rather than a
 * design silently drawn in the default font.
 */
export async function refuseUnknownFonts(db: pg.Pool, workspaceId: string, body: unknown): Promise<void> {
  const issues = unknownFontIssues(body, await workspaceCatalogue(db, workspaceId));
  if (issues.length > 0) throw AppError.fromIssues(issues);
}

/** The same lookup for the fonts a parsed generation request names (`requestFonts`), at their paths. */
export async function refuseUnknownFontReferences(db: pg.Pool, workspaceId: string, references: readonly FontReference[]): Promise<void> {
  if (references.length === 0) return;
  const issues = unknownFonts(references, await workspaceCatalogue(db, workspaceId));
  if (issues.length > 0) throw AppError.fromIssues(issues);
}

/** The fonts a workspace may name: the bundled catalogue plus its own uploads. */
export async function workspaceCatalogue(db: pg.Pool, workspaceId: string): Promise<FontCatalogue> {
  return withUploadedFonts(loadFontCatalogue(), await workspaceFonts(db, workspaceId, null));
}
