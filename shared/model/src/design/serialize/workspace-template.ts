import type { DesignType } from '../../properties/layer-types.js';

export interface WorkspaceTemplateRecord {
  id: string;
  name: string;
  type: DesignType;
  created_at: number;
  updated_at: number;
  category_id: string | null;
  category_name: string | null;
  /** Always present, even before the image exists (docs/design-format.md). */
  preview_url: string;
}

/** One item of `GET /workspace-templates` (SDK `WorkspaceTemplate`). */
export function serializeWorkspaceTemplate(t: WorkspaceTemplateRecord) {
  return {
    id: t.id,
    name: t.name,
    type: t.type,
    created_at: t.created_at,
    updated_at: t.updated_at,
    category_id: t.category_id,
    category_name: t.category_name,
    preview_url: t.preview_url,
  };
}

export interface CategoryRecord {
  id: string;
  name: string;
  color: string;
  icon: string;
  created_at: number;
}

/** One item of `GET /workspace-template-categories` (SDK `WorkspaceTemplateCategory`). */
export function serializeCategory(c: CategoryRecord) {
  return { id: c.id, name: c.name, color: c.color, icon: c.icon, created_at: c.created_at };
}
