/**
 * The design import record as the API shows it. The stored status is not the whole truth: an
 * import still WAITING_FOR_VALIDATION after its upload window closed reads as FAILED, derived
 * here at read time and never written back (docs/design-format.md).
 */
import type { ImportStatus } from '@pressroom/model';
import type { ImportRow } from '@pressroom/platform';

/** Suggested poll delay while the import can still change. */
export const NEXT_CHECK_AFTER_MS = 2000;

export const EXPIRED_ERROR = {
  path: 'uploads',
  code: 'missing_assets',
  message: 'The upload window closed before the import was validated; create a new import.',
} as const;

export function isExpired(row: Pick<ImportRow, 'status' | 'upload_expires_at'>, now: Date): boolean {
  return row.status === 'WAITING_FOR_VALIDATION' && row.upload_expires_at !== null && row.upload_expires_at.getTime() <= now.getTime();
}

export function effectiveStatus(row: Pick<ImportRow, 'status' | 'upload_expires_at'>, now: Date): ImportStatus {
  return isExpired(row, now) ? 'FAILED' : row.status;
}

export function isTerminal(status: ImportStatus): boolean {
  return status === 'DONE' || status === 'FAILED';
}

/**
 * Links (docs/designs-api.md, imports): `validate` until the import is terminal by expiry, `status` always,
 * `dashboard` on a workspace-template import from creation and on a design import once DONE.
 */
export function importLinks(row: ImportRow, baseUrl: string, now: Date, opts: { dashboard: boolean } = { dashboard: true }): ImportLinks {
  const self = `${baseUrl}/designs/import/json/${row.id}`;
  const links: ImportLinks = isExpired(row, now) ? { status: self } : { validate: self, status: self };
  if (opts.dashboard) {
    if (row.target_kind === 'workspace_template') {
      links.dashboard = row.target_category_id
        ? `${baseUrl}/workspace-templates?category_id=${row.target_category_id}`
        : `${baseUrl}/workspace-templates`;
    } else if (row.status === 'DONE' && row.result) {
      links.dashboard = `${baseUrl}/designs/${row.result.uuid}`;
    }
  }
  return links;
}

/** An import's links: `validate` until the upload window closes, `status`, and `dashboard` where there is one. */
export type ImportLinks = { validate?: string; status: string; dashboard?: string };

/** What the record and the list row both say first: identity, effective status and timestamps. */
function importHead(row: ImportRow, now: Date) {
  return {
    id: row.id,
    name: row.name,
    status: effectiveStatus(row, now),
    created_at_ts: row.created_at_ts,
    validated_at_ts: row.validated_at_ts,
  };
}

/** `GET /designs/import/json/<id>`: the full record. */
export function serializeImport(row: ImportRow, baseUrl: string, now: Date) {
  const head = importHead(row, now);
  return {
    ...head,
    next_check_after_ms: isTerminal(head.status) ? null : NEXT_CHECK_AFTER_MS,
    links: importLinks(row, baseUrl, now),
    warnings: row.warnings,
    error: isExpired(row, now) ? { ...EXPIRED_ERROR } : row.error,
    result: head.status === 'DONE' ? row.result : null,
  };
}

/** A row of `GET /designs/import/json`: warnings counted, error left out. */
export function serializeImportSummary(row: ImportRow, baseUrl: string, now: Date) {
  const head = importHead(row, now);
  return {
    ...head,
    warning_count: row.warnings.length,
    links: importLinks(row, baseUrl, now),
    result: head.status === 'DONE' ? row.result : null,
  };
}
