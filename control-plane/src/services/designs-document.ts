import {
  AppError,
  type Design,
  type DesignWarning,
  fontWeightWarnings,
  type ImportPayload,
  isCatalogueFont,
  serializeDesignRead,
  toImportPayload,
} from '@pressroom/model';
import {
  addDesignPreviewsJob,
  type DesignVersionMaker,
  dropDesignPreviews,
  ensureCurrentDesignVersion,
  findDesignVersion,
  insertDesignVersion,
  loadFontCatalogue,
  lockDesignForChange,
  type ObjectStorage,
  replaceDesignDocument,
  selectVisibleDesign,
  storedAssetsOfDesign,
  syncDesignFormats,
  withTransaction,
} from '@pressroom/platform';
import type pg from 'pg';
import { loadDesignRecord, sourceResolver } from './designs-records.js';
import { refuseUnknownFonts, workspaceCatalogue } from './font-lookup.js';
import { planDocumentPut } from './imports-request.js';

export const designNotFound = () => new AppError('template_not_found', 'No design with this id in the workspace.');

/** The design row the workspace can see; 404 `template_not_found` for any other id. */
export async function visibleDesign(db: pg.Pool, workspaceId: string, designId: string) {
  const row = await selectVisibleDesign(db, workspaceId, designId);
  if (!row) throw designNotFound();
  return row;
}

/** The design read (GET /designs/<id>), simple or advanced; 404 `template_not_found` for a design that is not visible. */
export async function readDesign(
  db: pg.Pool,
  storage: ObjectStorage,
  workspaceId: string,
  designId: string,
  options: { advanced: boolean; dynamicImageBase?: string },
) {
  const loaded = await loadDesignRecord(
    db,
    storage,
    workspaceId,
    designId,
    options.dynamicImageBase === undefined ? {} : { dynamicImageBase: options.dynamicImageBase },
  );
  if (!loaded) throw designNotFound();
  return serializeDesignRead(loaded.record, { advanced: options.advanced, resolveSource: loaded.resolveSource });
}

export const versionNotFound = (n: number) =>
  new AppError('not_found', `The design has no version ${n}.`, {
    issues: [{ path: 'number', code: 'not_found', message: 'GET /designs/<id>/versions lists the versions', received: n }],
  });

/**
 * `PUT /designs/<id>/document`: validates the body like an import (the import's parser, font
 * lookup and asset rules, planDocumentPut) and replaces the design's document as a new version.
 * Returns the import's warnings (parse, then font weights). 404 `template_not_found` for a design that is not visible.
 */
export async function putDesignDocument(
  db: pg.Pool,
  storage: ObjectStorage,
  workspaceId: string,
  designId: string,
  body: unknown,
): Promise<{ version: number; warnings: DesignWarning[] }> {
  const row = await visibleDesign(db, workspaceId, designId);
  const fonts = await workspaceCatalogue(db, workspaceId);
  const stored = { ...(await storedAssetsOfDesign(db, designId)), ...storedAssetsOf(row.document) };
  const storedUrls: Record<string, string> = {};
  for (const [name, asset] of Object.entries(stored)) storedUrls[name] = await storage.publicUrl(asset.src.slice('storage:'.length));
  const plan = planDocumentPut(body, {
    type: row.document.type,
    current: row.document,
    stored,
    storedUrls,
    knownFont: (name) => isCatalogueFont(fonts, name),
  });
  if (!plan.ok) {
    // Only files the PUT cannot take: the import's own answer to missing uploads (422).
    if (plan.issues.every((i) => i.code === 'missing_assets'))
      throw new AppError('missing_assets', `${plan.issues.length} file(s) this design does not store.`, { issues: plan.issues });
    throw AppError.fromIssues(plan.issues);
  }
  // The design's own font files (kept by the PUT) name families as known as the workspace's.
  await refuseUnknownFonts(db, workspaceId, { ...(body as object), fonts: row.document.fonts });
  const version = await commitDocument(db, workspaceId, designId, plan.design, { madeBy: 'put' });
  // The import's build phase adds these to its record after the parse warnings; so does the PUT.
  return { version, warnings: [...plan.warnings, ...fontWeightWarnings(plan.design, loadFontCatalogue())] };
}

/**
 * `POST /designs/<id>/versions/<n>/restore`: version n's stored document becomes the design's
 * document again, as a new version (`made_by: restore`). Its stored files are still the design's
 * (a PUT never deletes one), so nothing is copied; its fonts are looked up again (400
 * `unknown_font` for one deleted since).
 */
export async function restoreDesignVersion(db: pg.Pool, workspaceId: string, designId: string, number: number): Promise<number> {
  await visibleDesign(db, workspaceId, designId);
  const version = await findDesignVersion(db, designId, number);
  if (!version) throw versionNotFound(number);
  // A font the version names may have been deleted since: the import's lookup, at the paths the
  // version's as-import payload (GET …/versions/<n>) gives.
  await refuseUnknownFonts(db, workspaceId, { ...toImportPayload(version.document).payload, fonts: version.document.fonts });
  return commitDocument(db, workspaceId, designId, version.document, { madeBy: 'restore', restoredFrom: number });
}

/**
 * One transaction: the design locked and still visible, its document replaced, the version kept,
 * the old previews dropped and the new version's previews enqueued (the render worker draws them).
 */
async function commitDocument(
  db: pg.Pool,
  workspaceId: string,
  designId: string,
  design: Design,
  made: { madeBy: DesignVersionMaker; restoredFrom?: number },
): Promise<number> {
  return withTransaction(db, async (tx) => {
    const locked = await lockDesignForChange(tx, designId);
    if (!locked || !(await selectVisibleDesign(tx, workspaceId, designId))) throw designNotFound();
    await ensureCurrentDesignVersion(tx, designId);
    const version = await replaceDesignDocument(tx, designId, design);
    await syncDesignFormats(tx, designId, design.type === 'printer_multipage' ? [] : design.formats);
    await dropDesignPreviews(tx, designId);
    await insertDesignVersion(tx, { designId, number: version, design, ...made });
    await addDesignPreviewsJob(tx, designId, version);
    return version;
  });
}

function storedAssetsOf(design: Design): Design['assets'] {
  return Object.fromEntries(Object.entries(design.assets).filter(([, a]) => a.src.startsWith('storage:')));
}

/**
 * A stored document in the import format (`GET /designs/<id>/as-import`, a version's read): stored
 * files leave as their hosting URLs, so the payload imports anywhere, and a PUT takes them back.
 */
export async function documentAsImport(
  storage: ObjectStorage,
  design: Design,
): Promise<{ payload: ImportPayload; warnings: DesignWarning[] }> {
  const resolveSource = await sourceResolver(storage, design);
  return toImportPayload(design, {
    assetUrl: (name) => {
      const url = resolveSource(`asset:${name}`);
      return url.startsWith('storage:') ? null : url;
    },
  });
}
