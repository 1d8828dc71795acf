import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { AppError, type FontCatalogue, type FontFaceFile, ILLUSTRATION_LIBRARIES } from '@pressroom/model';
import { libraryIllustration, loadFontCatalogue } from '@pressroom/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const CONSOLE_PREFIX = '/console';

/** The console's page and style sheets, served as they are; its code is built (`BUILT`). */
const CONSOLE_DIR = fileURLToPath(new URL('../../console/', import.meta.url));

/**
 * The files of CONSOLE_DIR served as they are, by their path under /console: the style sheets. The
 * page is served at /console; the sources (TypeScript, their tests) are not served, only their bundle.
 */
const STATIC_FILES: ReadonlySet<string> = new Set(['/style.css', '/pages.css', '/editor.css', '/editor-panels.css']);

/** The picture gallery of the renderer's effects (docs/gallery/), built by its own script. */
const GALLERY_DIR = fileURLToPath(new URL('../../../docs/gallery/', import.meta.url));

const GALLERY_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
};

const GALLERY_MISSING = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>No gallery yet · Pressroom</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>No gallery here</h1>
<p>The picture gallery is served from <code>docs/gallery/</code>, and this checkout has no such page
(see docs/console.md).</p><p><a href="/console">Back to the console</a></p></main></body></html>
`;

/** A file of the gallery, or null: only regular files inside docs/gallery/ of a known type. */
async function galleryFile(dir: string, path: string): Promise<{ bytes: Buffer; type: string } | null> {
  const root = resolve(dir) + sep;
  const file = resolve(root, path === '' ? 'index.html' : path);
  const type = GALLERY_TYPES[extname(file).toLowerCase()];
  if (!type || !file.startsWith(root)) return null;
  try {
    return { bytes: await readFile(file), type };
  } catch {
    return null;
  }
}

/**
 * The browser bundles of scripts/build.mjs, by the URL they are served at: the console (`CONSOLE`,
 * its TSX with Preact) and the editor's canvas (`CANVAS`, the renderer). `npm run
 * setup` and every `npm start` bring them up to date.
 */
const BUILT: Record<string, string> = {
  [`${CONSOLE_PREFIX}/app.js`]: fileURLToPath(new URL('../../dist/console-app.js', import.meta.url)),
  [`${CONSOLE_PREFIX}/vendor/canvas.mjs`]: fileURLToPath(new URL('../../dist/console-canvas.js', import.meta.url)),
};

/**
 * The bundled font catalogue as the editor's canvas reads it: each face's `path` becomes the URL
 * of its file under /console/fonts/ (the files are the installed open-source packages, so they
 * need no key). Built once per process, like the catalogue itself.
 */
function servedCatalogue(catalogue: FontCatalogue): { json: Packed; files: string[] } {
  const files: string[] = [];
  const faces = [...catalogue.faces].map(([id, list]): [string, FontFaceFile[]] => [
    id,
    list.map((face) => {
      files.push(face.path);
      return { ...face, path: `${CONSOLE_PREFIX}/fonts/${files.length - 1}${extname(face.path)}` };
    }),
  ]);
  return { json: packed(Buffer.from(JSON.stringify({ fonts: catalogue.fonts, faces }))), files };
}

/** A large text answer, also gzipped once (the catalogue is about 3 MB of JSON, mostly CJK ranges). */
interface Packed {
  bytes: Buffer;
  gzipped: Buffer;
}

function packed(bytes: Buffer): Packed {
  return { bytes, gzipped: gzipSync(bytes) };
}

function sendPacked(request: FastifyRequest, reply: FastifyReply, body: Packed): FastifyReply {
  reply.header('vary', 'accept-encoding');
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(body.bytes);
  return reply.header('content-encoding', 'gzip').send(body.gzipped);
}

const FONT_TYPES: Record<string, string> = { '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.otf': 'font/otf' };

/**
 * The web console at /console: static files, no key needed to load them. Once loaded, the page
 * talks to the public API with the key the user typed, kept in sessionStorage.
 */
export async function consoleRoutes(app: FastifyInstance, options: { galleryDir?: string; filesBase?: string | null } = {}): Promise<void> {
  const galleryDir = options.galleryDir ?? GALLERY_DIR;
  const links = { files_base: options.filesBase ?? null };
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), auth: false, raw: true };
    });
    await scope.register(fastifyStatic, {
      root: CONSOLE_DIR,
      prefix: `${CONSOLE_PREFIX}/`,
      index: false,
      decorateReply: false,
      allowedPath: (path) => STATIC_FILES.has(path),
    });
    // The page itself, at /console and /console/ alike (the API ignores trailing slashes).
    scope.get(CONSOLE_PREFIX, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await readFile(join(CONSOLE_DIR, 'index.html'))),
    );
    // The gallery at /console/gallery/ (its relative links need the trailing slash), or a 404 page.
    scope.get(`${CONSOLE_PREFIX}/gallery`, async (request, reply) => {
      if (!request.url.split('?')[0]!.endsWith('/')) return reply.redirect(`${CONSOLE_PREFIX}/gallery/`);
      return sendGallery(reply, galleryDir, '');
    });
    scope.get(`${CONSOLE_PREFIX}/gallery/*`, async (request, reply) =>
      sendGallery(reply, galleryDir, (request.params as { '*': string })['*']),
    );
    // Where the farm's stored-file links point (`<public base URL>/files/`, on the local store; null
    // on S3). The links name the configured base (http://localhost:PORT unset), and a page opened at
    // another origin (127.0.0.1, a domain) draws them from its own origin: `localhost` is not this
    // farm for a browser on another machine (the file route allows any origin, for other clients).
    scope.get(`${CONSOLE_PREFIX}/links.json`, async (_request, reply) => reply.header('cache-control', 'no-cache').send(links));
    let fonts: ReturnType<typeof servedCatalogue> | undefined;
    const catalogue = () => {
      fonts ??= servedCatalogue(loadFontCatalogue());
      return fonts;
    };
    scope.get(`${CONSOLE_PREFIX}/fonts/catalogue.json`, async (request, reply) =>
      sendPacked(request, reply.type('application/json').header('cache-control', 'public, max-age=3600'), catalogue().json),
    );
    scope.get(`${CONSOLE_PREFIX}/fonts/:file`, async (request, reply) => {
      const name = (request.params as { file: string }).file;
      const file = catalogue().files[Number.parseInt(name, 10)];
      if (!file || !/^\d+\.\w+$/.test(name)) throw new AppError('endpoint_not_found', 'No such font file.');
      return reply
        .type(FONT_TYPES[extname(file)] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=86400')
        .send(await readFile(file));
    });
    // A drawing of a shipped illustration library, for the canvas (the workers read the same files).
    scope.get(`${CONSOLE_PREFIX}/illustrations/:library/:name`, async (request, reply) => {
      const { library, name } = request.params as { library: string; name: string };
      const svg = Object.hasOwn(ILLUSTRATION_LIBRARIES, library)
        ? libraryIllustration(library as keyof typeof ILLUSTRATION_LIBRARIES, name)
        : null;
      if (svg === null) throw new AppError('endpoint_not_found', 'No such illustration.');
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    });
    // Read again when the build rewrote it (a running farm keeps serving the current bundle).
    const built = new Map<string, { mtimeMs: number; body: Packed }>();
    for (const [url, file] of Object.entries(BUILT))
      scope.get(url, async (request, reply) => {
        const mtimeMs = await stat(file).then(
          (s) => s.mtimeMs,
          () => null,
        );
        if (mtimeMs === null) throw new AppError('endpoint_not_found', 'The console is not built: run `npm run build`.');
        if (built.get(url)?.mtimeMs !== mtimeMs) built.set(url, { mtimeMs, body: packed(await readFile(file)) });
        return sendPacked(request, reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache'), built.get(url)!.body);
      });
  });
}

async function sendGallery(reply: FastifyReply, dir: string, path: string): Promise<FastifyReply> {
  const found = await galleryFile(dir, path);
  if (!found) return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(GALLERY_MISSING);
  return reply.type(found.type).header('cache-control', 'no-cache').send(found.bytes);
}
