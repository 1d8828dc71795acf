import {
  AppError,
  FONT_CATEGORIES,
  FONT_TYPES,
  findOutboundError,
  fontQuerySchema,
  searchFonts,
  UPLOADED_FONT_MAX_BYTES,
  withUploadedFonts,
} from '@pressroom/model';
import {
  addWorkspaceFont,
  deleteWorkspaceFont,
  designsUsingFont,
  guardedFetchBytes,
  loadFontCatalogue,
  type ObjectStorage,
  workspaceFonts,
} from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { documented } from '../http/documented.js';
import { setTotalCount } from '../http/paging.js';
import { defineRoute, idParams, taggedRoutes } from '../http/route.js';

const font = z.object({
  id: z.uuid(),
  name: z.string(),
  available_weights: z.array(z.union([z.number().int(), z.string()])),
  category: z.enum(FONT_CATEGORIES),
  type: z.enum(FONT_TYPES),
});

/** Base64 as sent (padding optional, no whitespace): anything else is refused rather than half-decoded. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const uploadFontFields = z.strictObject({
  file_encoded: z.string().min(1).regex(BASE64, 'must be base64').optional(),
  url: z.url({ protocol: /^https?$/ }).optional(),
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
});

/** Exactly one source: the document says so (oneOf), so a contract tester never sends both or neither. */
const { $schema: _schema, ...uploadFontFieldsJson } = z.toJSONSchema(uploadFontFields, { io: 'input' }) as Record<string, unknown>;

export const uploadFontBody = documented(
  uploadFontFields.superRefine((body, ctx) => {
    if ((body.file_encoded === undefined) === (body.url === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['file_encoded'],
        message: 'give exactly one of file_encoded and url',
        params: { code: 'invalid_payload' },
      });
  }),
  {
    ...uploadFontFieldsJson,
    properties: {
      ...(uploadFontFieldsJson.properties as Record<string, unknown>),
      url: { type: 'string', format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' },
    },
    oneOf: [
      { required: ['file_encoded'], not: { required: ['url'] } },
      { required: ['url'], not: { required: ['file_encoded'] } },
    ],
  },
);

/** The base64 text of the largest file, plus room for the rest of the body. */
const UPLOAD_BODY_LIMIT = Math.ceil(((UPLOADED_FONT_MAX_BYTES + 1024 * 1024) * 4) / 3) + 64 * 1024;

export interface FontRouteDeps {
  db: pg.Pool;
  storage: ObjectStorage;
  allowPrivateNetworks: boolean;
}

export function fontRoutes(app: FastifyInstance, deps: FontRouteDeps): void {
  /** Uploaded fonts are a Pressroom extension: their routes share one tag. */
  const extensionRoute = taggedRoutes(app, 'Fonts (Pressroom extension)');

  defineRoute(app, {
    method: 'GET',
    url: '/fonts',
    operationId: 'listFonts',
    summary:
      'List and search the bundled fonts and the workspace’s uploaded ones. `name` ignores case, accents, spaces and hyphens; exact names first.',
    tag: 'Fonts',
    tier: 'read',
    query: fontQuerySchema,
    response: { status: 200, schema: font, array: true },
    handler: async ({ workspace, query, reply }) => {
      const catalogue = withUploadedFonts(loadFontCatalogue(), await workspaceFonts(deps.db, workspace.id, null));
      const { items, total } = searchFonts(catalogue, query);
      setTotalCount(reply, total);
      return items;
    },
  });

  extensionRoute({
    method: 'POST',
    url: '/fonts',
    operationId: 'uploadFont',
    summary:
      'Upload a brand font (Pressroom extension): a TTF, OTF, WOFF or WOFF2 file of at most 15 MB, as `file_encoded` (base64) or `url`. ' +
      'It joins the family its own tables name (or `name`); an identical file is recognised by its hash and not stored twice.',
    tier: 'write',
    bodyLimit: UPLOAD_BODY_LIMIT,
    body: uploadFontBody,
    response: { status: 201, schema: font },
    handler: async ({ workspace, body, reply }) => {
      const { bytes, path } =
        body.file_encoded !== undefined ? decoded(body.file_encoded) : await fetched(body.url!, deps.allowPrivateNetworks);
      const { font: record } = await addWorkspaceFont(deps.db, deps.storage, {
        workspaceId: workspace.id,
        bytes,
        name: body.name ?? null,
        path,
      });
      reply.status(201);
      return record;
    },
  });

  extensionRoute({
    method: 'GET',
    url: '/fonts/:id/designs',
    operationId: 'listFontDesigns',
    summary: 'The workspace’s designs that use an uploaded font (Pressroom extension).',
    tier: 'read',
    params: idParams,
    response: { status: 200, schema: z.object({ id: z.uuid(), name: z.string() }), array: true },
    handler: async ({ workspace, params }) => {
      const record = (await workspaceFonts(deps.db, workspace.id, null)).fonts.find((f) => f.id === params.id.toLowerCase());
      if (!record) throw new AppError('font_not_found', `No uploaded font ${params.id} in this workspace.`);
      return designsUsingFont(deps.db, workspace.id, record);
    },
  });

  extensionRoute({
    method: 'GET',
    url: '/fonts/:id/file',
    operationId: 'getFontFile',
    summary: 'The file of one face of an uploaded font, as uploaded (Pressroom extension; the console draws its specimens with it).',
    tier: 'read',
    raw: true,
    params: idParams,
    query: z.object({ weight: fontQuerySchema.shape.weight, style: fontQuerySchema.shape.style }),
    response: { status: 200, schema: z.string(), contentType: 'font/ttf' },
    handler: async ({ workspace, params, query, reply }) => {
      const faces = (await workspaceFonts(deps.db, workspace.id, null)).faces.get(params.id.toLowerCase());
      if (!faces) throw new AppError('font_not_found', `No uploaded font ${params.id} in this workspace.`);
      const face = faces.find((f) => f.weight === (query.weight ?? 400) && f.style === (query.style ?? 'normal'));
      if (!face?.source) throw new AppError('font_not_found', `The font has no ${query.weight ?? 400} ${query.style ?? 'normal'} face.`);
      const bytes = await deps.storage.get(face.source.storageKey);
      return reply.header('content-type', `font/${face.source.format}`).header('cache-control', 'private, max-age=3600').send(bytes);
    },
  });

  extensionRoute({
    method: 'DELETE',
    url: '/fonts/:id',
    operationId: 'deleteFont',
    summary: 'Delete an uploaded font and its files (Pressroom extension). 409 font_in_use while a design uses it.',
    tier: 'write',
    params: idParams,
    response: { status: 200, schema: font, description: 'The deleted font.' },
    handler: async ({ workspace, params }) => deleteWorkspaceFont(deps.db, deps.storage, workspace.id, params.id),
  });
}

function tooLarge(path: string): AppError {
  const message = `a font file is at most ${UPLOADED_FONT_MAX_BYTES / (1024 * 1024)} MB`;
  return new AppError('payload_too_large', `${path}: ${message}`, { issues: [{ path, code: 'payload_too_large', message }] });
}

function decoded(base64: string): { bytes: Buffer; path: string } {
  // Checked before decoding: a body at the route's limit must not cost a second copy for nothing.
  if (Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0) > UPLOADED_FONT_MAX_BYTES)
    throw tooLarge('file_encoded');
  return { bytes: Buffer.from(base64, 'base64'), path: 'file_encoded' };
}

async function fetched(url: string, allowPrivateNetworks: boolean): Promise<{ bytes: Buffer; path: string }> {
  try {
    const got = await guardedFetchBytes(url, {
      maxBytes: UPLOADED_FONT_MAX_BYTES,
      timeoutMs: 30_000,
      allowPrivateNetworks,
      accept: 'font/*, */*',
    });
    return { bytes: got.bytes, path: 'url' };
  } catch (err) {
    const outbound = findOutboundError(err);
    if (outbound?.reason === 'too_large') throw tooLarge('url');
    if (outbound)
      throw new AppError('image_fetching_error', `url: ${outbound.message}`, {
        issues: [{ path: 'url', code: 'image_fetching_error', message: outbound.message }],
        cause: err,
      });
    throw err;
  }
}
