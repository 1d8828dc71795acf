import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { AppError } from '@pressroom/model';
import type { FastifyInstance } from 'fastify';

export const CONSOLE_PREFIX = '/console';

/** The console's own sources: plain ES modules, served as they are (docs/console.md). */
const CONSOLE_DIR = fileURLToPath(new URL('../../console/', import.meta.url));

const require = createRequire(import.meta.url);
/**
 * The browser modules the console imports, by the name its import map gives them, each served
 * from the installed package: no build step and no CDN.
 */
const VENDOR: Record<string, string> = {
  'preact.mjs': require.resolve('preact'),
  'hooks.mjs': require.resolve('preact/hooks'),
  // htm's `require` entry is CommonJS; its ES module sits beside it.
  'htm.mjs': join(dirname(require.resolve('htm')), 'htm.mjs'),
};

/**
 * The web console at /console: static files, no key needed to load them. Once loaded, the page
 * talks to the public API with the key the user typed, kept in sessionStorage.
 */
export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), auth: false, raw: true };
    });
    await scope.register(fastifyStatic, { root: CONSOLE_DIR, prefix: `${CONSOLE_PREFIX}/`, index: false, decorateReply: false });
    // The page itself, at /console and /console/ alike (the API ignores trailing slashes).
    scope.get(CONSOLE_PREFIX, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await readFile(join(CONSOLE_DIR, 'index.html'))),
    );
    scope.get(`${CONSOLE_PREFIX}/vendor/:file`, async (request, reply) => {
      const file = VENDOR[(request.params as { file: string }).file];
      if (!file) throw new AppError('endpoint_not_found', 'No such endpoint.');
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(await readFile(file));
    });
  });
}
