import type { ObjectStorage } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { defineRoute, uuidParam } from '../http/route.js';
import { readBanner } from '../services/banners.js';

export function bannerRoutes(app: FastifyInstance, deps: { db: pg.Pool; storage: ObjectStorage }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/banners/:id',
    operationId: 'getFile',
    summary: 'A generated file: its download and CDN URLs, format, design and project.',
    tag: 'Generation',
    tier: 'read',
    params: z.object({ id: uuidParam }),
    handler: async ({ workspace, params }) => readBanner(deps.db, deps.storage, workspace.id, params.id),
  });
}
