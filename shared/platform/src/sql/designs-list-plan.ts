import type { DesignType } from '@pressroom/model';

export interface DesignListFilters {
  query?: string | undefined;
  name?: string | undefined;
  project?: string | undefined;
  projectId?: string | undefined;
  types?: DesignType[] | undefined;
  orientation?: 'portrait' | 'landscape' | 'square' | undefined;
  /**
   * Pixel sizes, or millimetres on print designs (inch designs are compared in mm). A size with a
   * unit matches only designs measured in it: `px` screen designs, `mm` (and `in`, converted) print.
   */
  sizes?: { width: number; height: number; unit?: 'px' | 'mm' | null }[] | undefined;
  formats?: string[] | undefined;
  updatedSince?: Date | undefined;
  createdSince?: Date | undefined;
  sort: 'name' | 'updated' | 'created';
  order?: 'asc' | 'desc' | undefined;
}

const PRINT_TYPES_SQL = "d.type IN ('printer', 'printer_multipage')";

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Plans the WHERE clause and ORDER BY of `GET /designs`. Pure: tests read the SQL and params.
 * `$1` is the workspace id; every filter appends its own parameter. Orientation, size and format
 * must all hold for ONE frame of the design (a format row, or the page size of a multipage
 * design), as the SDK documents.
 */
export function planDesignList(filters: DesignListFilters): { where: string; params: unknown[]; orderBy: string } {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length + 1}`;
  };
  for (const word of (filters.query ?? '').split(/\s+/).filter(Boolean)) {
    const w = p(likeContains(word));
    clauses.push(`(d.name ILIKE ${w} OR p.name ILIKE ${w})`);
  }
  if (filters.name?.trim()) clauses.push(`d.name ILIKE ${p(likeContains(filters.name.trim()))}`);
  if (filters.project?.trim()) clauses.push(`p.name ILIKE ${p(likeContains(filters.project.trim()))}`);
  if (filters.projectId) clauses.push(`d.project_id = ${p(filters.projectId)}`);
  if (filters.types && filters.types.length > 0) clauses.push(`d.type = ANY(${p(filters.types)}::text[])`);
  if (filters.updatedSince) clauses.push(`d.updated_at >= ${p(filters.updatedSince.toISOString())}`);
  if (filters.createdSince) clauses.push(`d.created_at >= ${p(filters.createdSince.toISOString())}`);

  const frame: string[] = [];
  if (filters.orientation === 'portrait') frame.push('fr.height > fr.width');
  if (filters.orientation === 'landscape') frame.push('fr.width > fr.height');
  if (filters.orientation === 'square') frame.push('fr.width = fr.height');
  if (filters.sizes && filters.sizes.length > 0) {
    const any = filters.sizes.map((s) => {
      const kind = s.unit === 'mm' ? ` AND ${PRINT_TYPES_SQL}` : s.unit === 'px' ? ` AND NOT ${PRINT_TYPES_SQL}` : '';
      return `(abs(fr.w_cmp - ${p(s.width)}) < 0.5 AND abs(fr.h_cmp - ${p(s.height)}) < 0.5${kind})`;
    });
    frame.push(`(${any.join(' OR ')})`);
  }
  if (filters.formats && filters.formats.length > 0) frame.push(`fr.name = ANY(${p(filters.formats)}::text[])`);
  if (frame.length > 0) {
    // Inch designs are compared in millimetres: a print size filter is in mm (SDK docstring).
    clauses.push(`EXISTS (SELECT 1 FROM (
        SELECT f.name, f.width, f.height,
               CASE f.unit WHEN 'in' THEN f.width * 25.4 ELSE f.width END AS w_cmp,
               CASE f.unit WHEN 'in' THEN f.height * 25.4 ELSE f.height END AS h_cmp
          FROM design_formats f WHERE f.design_id = d.id
        UNION ALL
        SELECT NULL, pw, ph,
               CASE d.document->'print'->>'unit' WHEN 'in' THEN pw * 25.4 ELSE pw END,
               CASE d.document->'print'->>'unit' WHEN 'in' THEN ph * 25.4 ELSE ph END
          FROM (SELECT (d.document->'page_size'->>'width')::float8 AS pw, (d.document->'page_size'->>'height')::float8 AS ph) ps
         WHERE d.type = 'printer_multipage'
      ) fr WHERE ${frame.join(' AND ')})`);
  }

  const order = filters.order ?? (filters.sort === 'name' ? 'asc' : 'desc');
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  const key =
    filters.sort === 'name'
      ? `lower(d.name) ${dir}, d.name ${dir}`
      : filters.sort === 'updated'
        ? `d.updated_at ${dir}`
        : `d.created_at ${dir}`;
  return { where: clauses.map((c) => ` AND ${c}`).join(''), params, orderBy: `${key}, d.id` };
}
