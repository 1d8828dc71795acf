import type { Design } from '@pressroom/model';
import {
  activateImportingDesign,
  insertDesignFormat,
  insertDesignVersion,
  insertImportingDesign,
  type Queryable,
  selectDesignFormatUids,
  upsertDesignPreview,
} from '@pressroom/platform';

export interface NewDesign {
  id: string;
  workspaceId: string;
  /** A design's project; null for a workspace template. */
  projectId: string | null;
  categoryId: string | null;
  design: Design;
  /** What made it: its version 1 says so (`GET /designs/<id>/versions`). */
  madeBy: 'import' | 'duplicate';
}

/**
 * Inserts a design IMPORTING (invisible to every read) with one `design_formats` row per
 * format and its version 1, and returns the format uids by name. Re-running with the same id (a job retried after
 * a killed worker) inserts nothing and returns the uids already stored.
 */
export async function insertDesign(tx: Queryable, d: NewDesign): Promise<Record<string, string>> {
  await insertImportingDesign(tx, d);
  await insertDesignVersion(tx, { designId: d.id, number: 1, design: d.design, madeBy: d.madeBy });
  if (d.design.type !== 'printer_multipage') {
    for (const [i, f] of d.design.formats.entries()) {
      await insertDesignFormat(tx, d.id, { name: f.name, position: i, width: f.width, height: f.height, unit: f.unit });
    }
  }
  return selectDesignFormatUids(tx, d.id);
}

/** Makes an IMPORTING design visible. */
export async function activateDesign(tx: Queryable, designId: string): Promise<void> {
  await activateImportingDesign(tx, designId);
}

export async function recordPreview(tx: Queryable, designId: string, frameId: string, key: string): Promise<void> {
  await upsertDesignPreview(tx, designId, frameId, key);
}
