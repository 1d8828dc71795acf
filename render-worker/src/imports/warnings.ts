/** An import Warning object (docs/design-format.md, Import errors and warnings) as stored on `design_imports.warnings` (append-only). */
export interface ImportWarning {
  code: string;
  message: string;
  path?: string;
  layer?: string;
  reason?: 'render_failed' | 'preview_not_stored';
}
