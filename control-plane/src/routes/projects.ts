import { AppError } from '@pressroom/model';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { paging, pagingQuery, setTotalCount } from '../http/paging.js';
import { defineRoute } from '../http/route.js';
import { createProject, listProjects } from '../services/projects.js';
import { trimmedName } from './designs-schemas.js';

const project = z.object({ id: z.uuid(), name: z.string(), created_at_ts: z.number().int() });

// 2 to 100 characters and unique, both of the trimmed name, which is the one stored (docs/api.md).
export const createProjectBody = z.object({ name: trimmedName(2) });

export const listProjectsQuery = z.object({ name: z.string().optional(), ...pagingQuery });

export function projectRoutes(app: FastifyInstance, db: pg.Pool): void {
  defineRoute(app, {
    method: 'GET',
    url: '/projects',
    operationId: 'listProjects',
    summary: 'List the projects of the workspace, ordered by name.',
    tag: 'Projects',
    tier: 'read',
    query: listProjectsQuery,
    response: { status: 200, schema: project.extend({ category_name: z.string() }), array: true },
    handler: async ({ workspace, query, reply }) => {
      const { items, total } = await listProjects(db, workspace.id, { name: query.name?.trim().normalize('NFC'), ...paging(query) });
      setTotalCount(reply, total);
      // `category_name` is the deprecated alias of `name` on the listing only.
      return items.map((p) => ({ ...p, category_name: p.name }));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/projects',
    operationId: 'createProject',
    summary: 'Create a project. Names are 2 to 100 characters and unique in the workspace (compared trimmed).',
    tag: 'Projects',
    tier: 'write',
    body: createProjectBody,
    // 200, as the vendor's OpenAPI document states (the spec leaves the status unshown).
    response: { status: 200, schema: project },
    handler: async ({ workspace, body }) => {
      const created = await createProject(db, workspace.id, body.name);
      if (!created) throw new AppError('project_already_exists', `A project named "${body.name}" already exists.`);
      return created;
    },
  });
}
