import { memoryDesignSource } from '@pressroom/platform';
import { exampleDesign } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import { createProject } from '../src/services/projects.js';
import type { Harness } from './harness.js';

/**
 * An app whose designs are these example files (examples/designs), in a project of a new `pro`
 * workspace: the ids in the order given, and the workspace's key.
 */
export async function appWithExamples(
  h: Harness,
  files: readonly string[],
): Promise<{ app: FastifyInstance; ws: { id: string; key: string }; ids: string[] }> {
  const designs = memoryDesignSource([]);
  const app = await h.build({}, undefined, designs);
  const ws = await h.workspace();
  const project = await createProject(h.db.pool, ws.id, 'Examples');
  const ids: string[] = [];
  for (const file of files) {
    const design = await exampleDesign(file, { workspaceId: ws.id, projectId: project!.id });
    designs.add(design);
    ids.push(design.id);
  }
  return { app, ws, ids };
}
