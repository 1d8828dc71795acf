/**
 * The one visibility rule of designs: a design is addressable when it is CREATED (not importing,
 * not deleted), not a workspace template, and in a live project. Everything else is the same
 * 404 template_not_found. `d` is the design's alias and `p` its project's in every statement that
 * uses these fragments. Only statements in `sql/` compose them.
 */
export const VISIBLE_DESIGN_JOIN = 'JOIN projects p ON p.id = d.project_id AND p.deleted_at IS NULL';
export const VISIBLE_DESIGN_WHERE = `d.status = 'CREATED' AND NOT d.is_workspace_template`;

/** `FROM … WHERE …` over the visible designs of the workspace in parameter `workspaceParam` (`$1`). */
export function visibleDesignsOf(workspaceParam: string): string {
  return `FROM designs d ${VISIBLE_DESIGN_JOIN}
  WHERE d.workspace_id = ${workspaceParam} AND ${VISIBLE_DESIGN_WHERE}`;
}

/** Unix seconds of a timestamp column, as an int. */
export const epochOf = (col: string) => `extract(epoch FROM ${col})::bigint::int`;
