/**
 * The facts of a bulk run (docs/bulk.md), stated once: its limits, its special columns and the
 * states of a run and of its rows. The API, the runner, the docs and the console read them here.
 */

/** Most data rows one run takes; more are refused with 400 `out_of_range` at `source`. */
export const BULK_MAX_ROWS = 10_000;

/** Most bytes of a sheet once decoded from base64 or fetched (413 `payload_too_large` above). */
export const BULK_MAX_SHEET_BYTES = 20 * 1024 * 1024;

/** Most field errors one refusal lists; the message says how many there were in all. */
export const BULK_MAX_ISSUES = 100;

/** Columns that are not layer properties (case-sensitive): the row's formats, file type and file name stem. */
export const BULK_SPECIAL_COLUMNS = ['_format', '_file_type', '_file_name'] as const;
export type BulkSpecialColumn = (typeof BULK_SPECIAL_COLUMNS)[number];

/** `_format` names several formats joined by this character. */
export const BULK_FORMAT_SEPARATOR = '|';

export const BULK_RUN_STATUSES = ['queued', 'running', 'completed', 'cancelled', 'failed'] as const;
export type BulkRunStatus = (typeof BULK_RUN_STATUSES)[number];

/**
 * A row is `pending` until the runner opens its generation request (credits spent, jobs queued:
 * `queued`), then `done` (every file made) or `failed` (a file failed, or no credits were left
 * when its turn came); `cancelled` rows never started.
 */
export const BULK_ROW_STATUSES = ['pending', 'queued', 'done', 'failed', 'cancelled'] as const;
export type BulkRowStatus = (typeof BULK_ROW_STATUSES)[number];

/** The longest `_file_name` stem kept (the file name adds the format and the extension). */
export const BULK_FILE_NAME_MAX = 120;
