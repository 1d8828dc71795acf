import type { Design } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';
import { selectGenerationDesign } from '../sql/designs.js';

/** What generation needs to know about a design. */
export interface GenerationDesign {
  id: string;
  workspaceId: string;
  design: Design;
  /**
   * The design's version (`designs.version`): it bumps whenever the document changes, so what is
   * kept per design (warm pages, dynamic-image variants) is keyed on (id, version).
   */
  version: number;
  /** Unix seconds. */
  createdAt: number;
  updatedAt: number;
  projectId: string;
  /** Format name → stable uuid. */
  formatUids: Record<string, string>;
  /** A custom naming scheme of the design, if the model has one. */
  namingScheme: string | null;
  /** The design's configured default output type, if any. */
  defaultFileType: string | null;
}

/**
 * Finds a design a workspace may generate from, or undefined for every case docs/design-format.md answers
 * 404 template_not_found: unknown, deleted, another workspace's, a workspace template, or in a
 * deleted project. The control plane and the render worker share this seam; tests may pass
 * their own (the designs table belongs to the design model).
 */
export interface DesignSource {
  find(db: Queryable, workspaceId: string, designId: string): Promise<GenerationDesign | undefined>;
}

/**
 * The SQL source over the design model's tables (`sql/designs.ts`, the one visibility rule).
 * Only CREATED designs (not importing, not deleted) of a live project: the inner join on the
 * project excludes workspace templates and designs of deleted projects.
 */
export const sqlDesignSource: DesignSource = {
  async find(db, workspaceId, designId) {
    const row = await selectGenerationDesign(db, workspaceId, designId);
    if (!row) return undefined;
    return {
      id: row.id,
      workspaceId: row.workspace_id,
      design: row.document,
      version: row.version,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      projectId: row.project_id,
      formatUids: row.format_uids ?? {},
      namingScheme: row.document.naming_scheme ?? null,
      defaultFileType: row.document.default_file_type ?? null,
    };
  },
};

/** An in-memory source (tests, benchmarks on fixtures): keyed by design id. */
export function memoryDesignSource(designs: Iterable<GenerationDesign>): DesignSource & { add(d: GenerationDesign): void } {
  const byId = new Map<string, GenerationDesign>();
  for (const d of designs) byId.set(d.id, d);
  return {
    add: (d) => void byId.set(d.id, d),
    async find(_db, workspaceId, designId) {
      const d = byId.get(designId);
      return d && d.workspaceId === workspaceId ? d : undefined;
    },
  };
}
