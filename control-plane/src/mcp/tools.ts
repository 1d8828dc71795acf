import type { ArgumentAlias } from './route-arguments.js';

/**
 * The MCP tools, named as Abyssale's MCP server names them. Each tool but one stands for one
 * REST operation: its arguments are that route's parameters and body (route-arguments.ts), its
 * call is that route's request, so validation, rate limits, plan checks and credits are the
 * REST API's own. The descriptions are written for a model: what it does, when to use it, and
 * the one mistake to avoid.
 */

type Json = Record<string, unknown>;

export interface RouteTool {
  name: string;
  /** The REST operation the tool calls (`defineRoute`'s operationId). */
  operationId: string;
  title: string;
  description: string;
  readOnly: boolean;
  /** Descriptions of arguments the route's schemas leave undescribed (path parameters). */
  argumentDescriptions?: Record<string, string>;
  /** The short text an agent reads; the whole answer is the structured content. */
  summarize: (result: Json, status: number) => string;
  /** Attach the generated file as image content when it is small (static renders). */
  thumbnail?: boolean;
  /** Answer pending uploads with ready-to-run commands (imports). */
  uploadCommands?: boolean;
  /** The route's body is one `payload` argument (a document to import), not one argument per field. */
  bodyAsPayload?: true;
  /** Arguments named or shaped otherwise than the route's (route-arguments.ts). */
  aliases?: Record<string, ArgumentAlias>;
}

const DESIGN_ID = 'The design id (a UUID, from list_designs or search_designs).';

/** The `rows` of the bulk route's `source` union (its `type: "rows"` member), as the route's schema states it. */
function rowsSchemaOf(source: Record<string, unknown>): Record<string, unknown> {
  const members = (source['oneOf'] ?? source['anyOf'] ?? []) as Record<string, unknown>[];
  for (const member of members) {
    const properties = (member['properties'] ?? {}) as Record<string, Record<string, unknown>>;
    if (properties['type']?.['const'] === 'rows' && properties['rows']) return properties['rows'];
  }
  throw new Error('createBulkRun: the source schema has no rows member');
}

export const ROUTE_TOOLS: readonly RouteTool[] = [
  {
    name: 'get_me',
    operationId: 'getWorkspace',
    title: 'Who am I',
    description:
      'Returns the workspace the API key belongs to: id, name, plan and rate budgets. Use it first to check the connection works. ' +
      'It does not show credits: use get_remaining_credits for those.',
    readOnly: true,
    summarize: (r) => `Workspace "${String(r['name'])}" (${String(r['id'])}), plan ${String(r['plan'])}.`,
  },
  {
    name: 'get_remaining_credits',
    operationId: 'getCredits',
    title: 'Remaining credits',
    description:
      'Returns the generation and AI credits left in the workspace. Use it before a large batch: each generated file costs credits ' +
      'and a generation without enough credits is refused. Do not confuse credits with rate limits (those come back as rate_limit errors).',
    readOnly: true,
    summarize: (r) => `Generation credits: ${credit(r['generation_credits'])}; AI credits: ${credit(r['ai_credits'])}.`,
  },
  {
    name: 'list_designs',
    operationId: 'listDesigns',
    title: 'List designs',
    description:
      'Lists the designs (templates) of the workspace with their id, name, type and formats, with filters (type, project_id, ' +
      'orientation, ...) and paging. Use it to find the id every other design tool needs. Pass page and per_page for long lists ' +
      'rather than assuming the first page is everything.',
    readOnly: true,
    summarize: (r) => listSummary(r, 'design', (d) => `${String(d['name'])} (id ${String(d['id'])}, ${String(d['type'])})`),
  },
  {
    name: 'search_designs',
    operationId: 'listDesigns',
    title: 'Search designs',
    description:
      'Finds designs by text: pass `query` (matched against names) or `name`, optionally with the same filters as list_designs. ' +
      'Use it when the user names a design. A search answers designs, not files already generated.',
    readOnly: true,
    summarize: (r) => listSummary(r, 'design', (d) => `${String(d['name'])} (id ${String(d['id'])}, ${String(d['type'])})`),
  },
  {
    name: 'get_design',
    operationId: 'getDesign',
    title: 'Read a design',
    description:
      'Reads one design: its type, formats (name, size) and elements (layer names with their overridable properties). ' +
      'Always check the layer names here before overriding them in a generation: an unknown layer name is refused.',
    readOnly: true,
    argumentDescriptions: { id: DESIGN_ID },
    summarize: (r) =>
      `${String(r['name'] ?? r['template_name'] ?? 'Design')} (${String(r['type'])}): formats ${names(r['formats'], 'name')}; elements ${names(r['elements'], 'name')}.`,
  },
  {
    name: 'get_design_format',
    operationId: 'getDesignFormat',
    title: 'Read one format of a design',
    description:
      'Reads one format of a design (by its name or uid), flattened: every element with its position and attribute values in that ' +
      'format. Use it to see the current value of a layer before changing it. `spec` is a format name from get_design, not a size.',
    readOnly: true,
    argumentDescriptions: { id: DESIGN_ID, spec: 'A format name (or uid) of the design, as get_design lists them.' },
    summarize: (r) => `Format ${String(r['id'] ?? r['name'] ?? '')}: ${names(r['elements'], 'name')}.`,
  },
  {
    name: 'get_design_as_import',
    operationId: 'exportDesignAsImport',
    title: 'Export a design as an import document',
    description:
      'Returns a design as the JSON document import_design_from_json accepts (its `payload`), with warnings. Use it to copy or ' +
      'adapt an existing design, or to learn the document format from a real design. Edit the payload, do not add fields it does not have.',
    readOnly: true,
    argumentDescriptions: { id: DESIGN_ID },
    summarize: (r) => `Import document of the design${warningCount(r)}.`,
  },
  {
    name: 'list_projects',
    operationId: 'listProjects',
    title: 'List projects',
    description:
      'Lists the projects (folders of designs) of the workspace, ordered by name, with their ids. Use it to find the project an ' +
      'import goes into. Filter with `name` rather than reading every page.',
    readOnly: true,
    summarize: (r) => listSummary(r, 'project', (p) => `${String(p['name'])} (id ${String(p['id'])})`),
  },
  {
    name: 'create_project',
    operationId: 'createProject',
    title: 'Create a project',
    description:
      'Creates a project (2 to 100 characters, unique in the workspace). Use it when an import needs a new folder. ' +
      'It fails on a name that exists already: list_projects first and reuse that project instead.',
    readOnly: false,
    summarize: (r) => `Created project "${String(r['name'])}" (id ${String(r['id'])}).`,
  },
  {
    name: 'list_fonts',
    operationId: 'listFonts',
    title: 'List fonts',
    description:
      'Lists and searches the fonts designs can use (`name` ignores case, accents, spaces and hyphens), with their weights. ' +
      'Use it before setting a font in an import or an override: a font that is not listed is refused.',
    readOnly: true,
    summarize: (r) => listSummary(r, 'font', (f) => String(f['name'])),
  },
  {
    name: 'generate_static_banner',
    operationId: 'generateImage',
    title: 'Render one image now',
    description:
      'Renders one image of a static design synchronously (10-second budget) and returns its download link, plus a preview ' +
      'image when the file is small. Override layers with `elements` ({layer name: {property: value}}) and pick the format with ' +
      '`template_format_name` and the file type with `image_file_type`. Check layer names with get_design before overriding. For several formats or animated designs use ' +
      'generate_banners_async; printer_multipage designs use generate_multipage_pdf.',
    readOnly: false,
    argumentDescriptions: { id: DESIGN_ID },
    thumbnail: true,
    summarize: (r) => `Generated ${fileText(r)}.`,
  },
  {
    name: 'generate_banners_async',
    operationId: 'generateMultiFormatMedia',
    title: 'Queue renders of several formats',
    description:
      'Queues one file per format of a design (static images, animated MP4/GIF, print PDFs) and answers a generation_request_id at ' +
      'once; pick formats with `template_format_names` (a list; all formats when absent), override layers with `elements`, choose ' +
      'the file type with `image_file_type`. Poll get_generation_request with the id until it is finalised. Use it for batches, ' +
      'videos and anything slower than 10 seconds. Check layer names with get_design before overriding; printer_multipage designs ' +
      'use generate_multipage_pdf.',
    readOnly: false,
    argumentDescriptions: { id: DESIGN_ID },
    summarize: (r) => `Queued: generation_request_id ${String(r['generation_request_id'])}. Poll get_generation_request with it.`,
  },
  {
    name: 'start_bulk_run',
    operationId: 'createBulkRun',
    title: 'Start a bulk run from rows',
    description:
      'Renders one file per row (and per format) of a static design from `rows`: a list of objects whose keys are ' +
      '"<layer>.<property>" (e.g. {"headline.payload": "Hello", "photo.image_url": "https://..."}) or special keys _format, ' +
      '_file_type, _file_name; other keys need `mapping` ({"key": "<layer>.<property>"} or null to ignore). At most 10,000 rows. ' +
      'Every row is checked before anything is charged: errors name rows[i].<key>. Answers the run at once; poll get_bulk_run with ' +
      'its id until finished_at_ts is set, then hand the user archive_url (a ZIP) and result_csv_url. Use it instead of many ' +
      'generate_banners_async calls for more than a few variants.',
    readOnly: false,
    aliases: {
      design_id: { replaces: 'id', schema: (s) => s },
      rows: {
        replaces: 'source',
        schema: (source) => rowsSchemaOf(source),
        toRoute: (rows) => ({ type: 'rows', rows }),
      },
    },
    argumentDescriptions: { design_id: DESIGN_ID },
    summarize: (r) =>
      'valid' in r
        ? `Valid: ${String(r['row_count'])} rows, ${String(r['file_count'])} files, ${String(r['credits_needed'])} credits.`
        : `Bulk run ${String(r['id'])} ${String(r['status'])}: ${String(r['row_count'])} rows, ${String(r['file_count'])} files. Poll get_bulk_run.`,
  },
  {
    name: 'get_bulk_run',
    operationId: 'getBulkRun',
    title: 'Poll a bulk run',
    description:
      'Reads a bulk run started with start_bulk_run: status, rows done/failed/pending, and once finished_at_ts is set the ZIP ' +
      '(archive_url) and the result CSV (result_csv_url, one line per row with its file URL and status). Poll every few seconds; ' +
      'a run of thousands of rows takes minutes.',
    readOnly: true,
    argumentDescriptions: { id: 'The bulk run id (from start_bulk_run).' },
    summarize: (r) => {
      const rows = (r['rows'] ?? {}) as Record<string, unknown>;
      const end = r['finished_at_ts'] === null ? '' : ` ZIP: ${String(r['archive_url'])}; CSV: ${String(r['result_csv_url'])}.`;
      return `Bulk run ${String(r['status'])}: ${String(rows['done'])} done, ${String(rows['failed'])} failed, ${String(rows['pending'])} pending.${end}`;
    },
  },
  {
    name: 'generate_multipage_pdf',
    operationId: 'generateMultiPagePdf',
    title: 'Queue a multi-page print PDF',
    description:
      'Queues one press-ready PDF of every page of a printer_multipage design, with overrides per page: `pages` is ' +
      '{"page_1": {layer name: {property: value}}, ...}, pages counted from 1 in design order. Poll get_generation_request with the ' +
      'answered id. Read the page layer names with get_design_as_import first; other design types are refused here.',
    readOnly: false,
    argumentDescriptions: { id: 'The id of a printer_multipage design.' },
    summarize: (r) => `Queued: generation_request_id ${String(r['generation_request_id'])}. Poll get_generation_request with it.`,
  },
  {
    name: 'get_generation_request',
    operationId: 'getGenerationRequest',
    title: 'Poll a generation request',
    description:
      'Reads a generation request queued by generate_banners_async or generate_multipage_pdf: in progress, or finalised with the ' +
      'download links of its files and the errors of formats that failed. Poll every few seconds until is_finalized is true; ' +
      'do not queue the generation again while it runs.',
    readOnly: true,
    argumentDescriptions: { id: 'The generation_request_id a generate tool answered.' },
    summarize: (r, status) => {
      const banners = Array.isArray(r['banners']) ? (r['banners'] as Json[]) : [];
      const errors = Array.isArray(r['errors']) ? r['errors'].length : 0;
      const state = status === 202 ? 'In progress' : 'Finalised';
      return `${state}: ${banners.length} file(s)${errors > 0 ? `, ${errors} error(s)` : ''}${banners.length > 0 ? `: ${banners.map(fileText).join('; ')}` : ''}.`;
    },
  },
  {
    name: 'import_design_from_json',
    operationId: 'createDesignImport',
    title: 'Import a design from JSON',
    description:
      'Creates a design from a JSON document (`payload`; see get_design_import_example or get_design_as_import). Files the ' +
      'document names on the local disk cannot be sent through this tool: the answer then lists ready-to-run curl commands the user ' +
      'must run on their own machine. Pass validate_only="true" to check a document first without creating anything. Poll ' +
      'get_design_import until its status is DONE.',
    readOnly: false,
    uploadCommands: true,
    bodyAsPayload: true,
    summarize: (r, status) =>
      status === 204
        ? 'The document is valid; nothing was created.'
        : `Import ${String(r['id'] ?? '')} status ${String(r['status'])}${warningCount(r)}.`,
  },
  {
    name: 'get_design_import',
    operationId: 'getDesignImport',
    title: 'Poll an import',
    description:
      'Reads an import made by import_design_from_json: its status (WAITING_FOR_VALIDATION, PENDING, PROCESSING, DONE, FAILED), ' +
      'warnings, error, and once DONE the new design id. Poll until DONE or FAILED; do not import the same document again meanwhile.',
    readOnly: true,
    argumentDescriptions: { id: 'The import id import_design_from_json answered.' },
    summarize: (r) => {
      const result = r['result'] as Json | null | undefined;
      return `Import ${String(r['id'])}: ${String(r['status'])}${result?.['uuid'] ? `, design id ${String(result['uuid'])}` : ''}.`;
    },
  },
];

export const IMPORT_EXAMPLE_TOOL = {
  name: 'get_design_import_example',
  title: 'An example import document',
  description:
    'Returns a complete example design document that import_design_from_json accepts, taken from the examples Pressroom ships. ' +
    'Pick one by `type`. Use it as the starting point of a new design; keep its structure and change names, texts, colours and ' +
    'sizes, rather than writing a document from memory.',
} as const;

function credit(block: unknown): string {
  const b = (block ?? {}) as Json;
  return `${String(b['available'])} of ${String(b['limit'])}`;
}

function listSummary(r: Json, noun: string, line: (item: Json) => string): string {
  const items = (r['items'] ?? []) as Json[];
  const total = typeof r['total_count'] === 'number' ? ` of ${r['total_count']}` : '';
  if (items.length === 0) return `No ${noun}s.`;
  return `${items.length}${total} ${noun}(s):\n${items.map((i) => `- ${line(i)}`).join('\n')}`;
}

function names(list: unknown, key: string): string {
  return Array.isArray(list) ? list.map((i) => String((i as Json)[key])).join(', ') || 'none' : 'none';
}

function warningCount(r: Json): string {
  const n = Array.isArray(r['warnings']) ? r['warnings'].length : 0;
  return n > 0 ? ` (${n} warning(s))` : '';
}

function fileText(banner: Json): string {
  const file = (banner['file'] ?? {}) as Json;
  const format = (banner['format'] ?? {}) as Json;
  return `${String(file['type'])} ${String(format['width'])}x${String(format['height'])} ${String(file['url'])}`;
}
