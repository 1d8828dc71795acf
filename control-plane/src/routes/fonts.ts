import { fontQuerySchema, searchFonts } from '@pressroom/model';
import { loadFontCatalogue } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { setTotalCount } from '../http/paging.js';
import { defineRoute } from '../http/route.js';

const font = z.object({
  id: z.uuid(),
  name: z.string(),
  available_weights: z.array(z.union([z.number().int(), z.string()])),
  category: z.enum(['serif', 'sans-serif', 'display', 'handwriting', 'monospace']),
  type: z.literal('google'),
});

export function fontRoutes(app: FastifyInstance): void {
  defineRoute(app, {
    method: 'GET',
    url: '/fonts',
    operationId: 'listFonts',
    summary: 'List and search the bundled font library. `name` ignores case, accents, spaces and hyphens; exact names first.',
    tag: 'Fonts',
    tier: 'read',
    query: fontQuerySchema,
    response: { status: 200, schema: font, array: true },
    handler: async ({ query, reply }) => {
      const { items, total } = searchFonts(loadFontCatalogue(), query);
      setTotalCount(reply, total);
      return items;
    },
  });
}
