import type { ElementType } from '../design/types.js';
import type { FieldIssue } from '../errors/app-error.js';
import { overrideOn } from '../properties/overridable.js';
import type { ColumnPlan } from './columns.js';
import { BULK_FILE_NAME_MAX, BULK_FORMAT_SEPARATOR } from './limits.js';

/** A cell as a sheet or JSON rows give it: sheets give strings only. */
export type BulkCell = string | number | boolean | null;

/** What one row asks for, as the body of an asynchronous generation would (docs/generation.md). */
export interface RowRequest {
  body: { elements: Record<string, Record<string, unknown>>; template_format_names?: string[]; image_file_type?: string };
  /** `_file_name`, trimmed, or null. */
  fileName: string | null;
}

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, false: false, yes: true, no: false, '1': true, '0': false };
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A cell's value for a property, as its catalogue entry types it (a sheet holds text only): a
 * number where the property takes one, a boolean for `true`/`false`/`yes`/`no`/`1`/`0`, an object
 * from JSON. Text that does not read as the type is passed on as it is, so the override validator
 * refuses it with its own message. Properties outside the catalogue (request-only operations)
 * take a boolean or JSON object when the text reads as one.
 */
export function cellValue(layerType: ElementType, property: string, cell: string | number | boolean): unknown {
  if (typeof cell !== 'string') return cell;
  const text = cell.trim();
  const kind = layerType === 'container' ? undefined : overrideOn(layerType, property)?.kind;
  const word = BOOLEAN_WORDS[text.toLowerCase()];
  if ((kind === 'number' || kind === 'integer') && NUMBER.test(text)) return Number(text);
  if (kind === 'boolean' && word !== undefined) return word;
  if ((kind === 'object' || kind === undefined) && text.startsWith('{')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return cell;
    }
  }
  if (kind === undefined && (text === 'true' || text === 'false')) return text === 'true';
  return cell;
}

/**
 * Pure: one row's generation body. An empty cell (or null) sets nothing: the design's own
 * content is drawn; a special column's cell of spaces is empty too. `_format` names one format or several joined by `|`; without it the run's
 * formats apply (absent: every format). `_file_type` and `_file_name` likewise.
 */
export function rowRequest(
  cells: readonly BulkCell[],
  plan: ColumnPlan,
  layerTypes: ReadonlyMap<string, ElementType>,
  defaults: { formats: string[] | null; fileType: string | null },
): RowRequest {
  const elements: Record<string, Record<string, unknown>> = Object.create(null);
  let formats = defaults.formats;
  let fileType = defaults.fileType;
  let fileName: string | null = null;
  for (const [i, target] of plan.targets.entries()) {
    const cell = cells[i] ?? null;
    if (target === null || cell === null || cell === '') continue;
    if (target.kind === 'special') {
      const text = String(cell).trim();
      // A cell of spaces is as empty as an empty one: `_file_name` " " named the file ".png".
      if (text === '') continue;
      if (target.name === '_format') formats = text.split(BULK_FORMAT_SEPARATOR).map((f) => f.trim());
      else if (target.name === '_file_type') fileType = text;
      else fileName = text;
      continue;
    }
    const type = layerTypes.get(target.layer);
    if (type === undefined) continue;
    elements[target.layer] ??= Object.create(null) as Record<string, unknown>;
    elements[target.layer]![target.property] = cellValue(type, target.property, cell);
  }
  const body: RowRequest['body'] = { elements };
  if (formats !== null) body.template_format_names = formats;
  if (fileType !== null) body.image_file_type = fileType;
  return { body, fileName };
}

/** `_file_name`: a stem that is safe as a file name in a ZIP (no separators, no control characters). */
export function fileNameIssue(fileName: string): string | null {
  if (fileName.length > BULK_FILE_NAME_MAX) return `must be at most ${BULK_FILE_NAME_MAX} characters`;
  if (/[/\\\u0000-\u001f]/.test(fileName) || fileName === '.' || fileName === '..') return 'must not contain /, \\ or control characters';
  return null;
}

/**
 * Pure: where a field issue of a row's generation body sits in the bulk request. The body's
 * `elements.<layer>.<property>…` is the column that set it; `template_format_names` and
 * `image_file_type` are `_format` and `_file_type`, or the request's `formats` and
 * `image_file_type` when the row has no such cell. The message names the sheet's line and column.
 */
export function rowIssue(
  issue: FieldIssue,
  row: { index: number; line: number | null },
  plan: ColumnPlan,
  cells: readonly BulkCell[],
): FieldIssue {
  // The envelope's path brackets array indices (`template_format_names[0]`): the field is before them.
  const parts = issue.path.split('.').map((part, i) => (i === 0 ? part.replace(/(\[\d+\])+$/, '') : part));
  const column = columnOf(parts, plan, cells);
  const where = row.line === null ? `row ${row.index}` : `line ${row.line}`;
  if (column === null) {
    const path = parts[0] === 'template_format_names' ? 'formats' : parts[0] === 'image_file_type' ? 'image_file_type' : issue.path;
    return { ...issue, path, message: `${where}: ${issue.message}` };
  }
  return { ...issue, path: `rows[${row.index}].${column}`, message: `${where}, column "${column}": ${issue.message}` };
}

function columnOf(parts: string[], plan: ColumnPlan, cells: readonly BulkCell[]): string | null {
  const set = (i: number) => cells[i] !== null && cells[i] !== undefined && cells[i] !== '';
  const find = (match: (t: NonNullable<ColumnPlan['targets'][number]>) => boolean) => {
    const i = plan.targets.findIndex((t, n) => t !== null && match(t) && set(n));
    return i < 0 ? null : plan.headers[i]!;
  };
  if (parts[0] === 'elements' && parts.length >= 2) {
    // A layer name may hold dots: the longest layer the columns set that prefixes the path.
    for (let end = parts.length - 1; end >= 2; end--) {
      const layer = parts.slice(1, end).join('.');
      const property = parts[end];
      const hit = find((t) => t.kind === 'property' && t.layer === layer && t.property === property);
      if (hit !== null) return hit;
    }
    const layer = parts[1];
    return find((t) => t.kind === 'property' && t.layer === layer);
  }
  if (parts[0] === 'template_format_names') return find((t) => t.kind === 'special' && t.name === '_format');
  if (parts[0] === 'image_file_type') return find((t) => t.kind === 'special' && t.name === '_file_type');
  return null;
}
