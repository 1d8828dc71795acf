import { join } from 'node:path';
import { type FontCatalogue, type FontFaceFile, RenderRefusedError, withUploadedFonts } from '@pressroom/model';
import { createFontFileCache, FontFileUnavailableError, loadFontCatalogue, type ObjectStorage, workspaceFonts } from '@pressroom/platform';
import { allNodes, bundledFacesFor, type RenderPlan } from '@pressroom/renderer';
import type pg from 'pg';

/** The fonts one render draws with: the bundled catalogue plus its workspace's uploads. */
export interface RenderFonts {
  catalogue: FontCatalogue;
  /**
   * Brings the uploaded faces the plan draws to this machine's disk cache, before a page is
   * taken. A face that cannot be loaded refuses the render (400 cannot_build_banner naming the
   * layer); it is never replaced by another font.
   */
  prepare(plan: RenderPlan): Promise<void>;
}

/** Where a render's fonts come from; one per worker process. */
export interface RenderFontSource {
  forWorkspace(workspaceId: string): Promise<RenderFonts>;
}

/** Only the bundled fonts (renders that belong to no workspace, and tests). */
export const BUNDLED_FONTS_ONLY: RenderFontSource = {
  forWorkspace: async () => bundledRenderFonts(),
};

export function bundledRenderFonts(): RenderFonts {
  return { catalogue: loadFontCatalogue(), prepare: async () => undefined };
}

/**
 * Uploaded fonts from the database and object storage, cached on disk under
 * `<dataDir>/font-cache/<sha256>.<format>` (docs/fonts.md, "Caching"). One query per render: a
 * font uploaded a moment ago renders at once, a deleted one is gone at once.
 */
export function workspaceFontSource(deps: { db: pg.Pool; storage: ObjectStorage; dataDir: string }): RenderFontSource {
  const cacheDir = join(deps.dataDir, 'font-cache');
  const cache = createFontFileCache(deps.storage);
  return {
    async forWorkspace(workspaceId) {
      const catalogue = withUploadedFonts(loadFontCatalogue(), await workspaceFonts(deps.db, workspaceId, cacheDir));
      return {
        catalogue,
        async prepare(plan) {
          const uploaded = bundledFacesFor(plan, catalogue).filter((face) => face.source !== undefined);
          await Promise.all(
            uploaded.map((face) =>
              cache.ensure(face).catch((err: unknown) => {
                if (!(err instanceof FontFileUnavailableError)) throw err;
                const layer = layerDrawnWith(plan, face);
                throw new RenderRefusedError(
                  `The uploaded font of ${layer === null ? 'a text' : `layer "${layer}"`} could not be loaded (${err.message}).`,
                  layer,
                );
              }),
            ),
          );
        },
      };
    },
  };
}

/** The first text or button layer set in the face's family. */
function layerDrawnWith(plan: RenderPlan, face: FontFaceFile): string | null {
  for (const node of allNodes(plan.nodes)) {
    if ((node.kind === 'text' || node.kind === 'button') && node.font.family === face.family) return node.name;
  }
  return null;
}
