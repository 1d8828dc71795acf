// `importDocument` (the farm's example designs and many tests use it) on real Postgres and real
// storage. An import with nothing to upload is queued as it is created, so a worker can take it
// before `importDocument` returns: a trigger makes that happen on every insert here, with no timing.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { importDocument } from '@pressroom/control-plane';
import { createHarness, type Harness } from '@pressroom/control-plane/test/harness';
import { DESIGN_IMPORT_TASK } from '@pressroom/model';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers } from '../design-worker.js';

const layout = { x: 0, y: 0, width: 100, height: 100 };
const doc = (layers: unknown[]) => ({
  name: 'Card',
  type: 'static',
  formats: [{ name: 'square', width: 400, height: 400, background_color: '#112233' }],
  layers,
});

describe('importDocument, with a worker that takes a queued import the moment it is committed', () => {
  let h: Harness;
  let ws: { id: string; key: string };
  let projectId: string;
  const statusOf = async (id: string) =>
    (await h.db.pool.query<{ status: string }>('SELECT status FROM design_imports WHERE id = $1', [id])).rows[0]!.status;
  const jobsFor = async (id: string) =>
    (
      await h.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1 AND key = $2', [
        DESIGN_IMPORT_TASK,
        `${DESIGN_IMPORT_TASK}:${id}`,
      ])
    ).rows[0]!.n;

  beforeAll(async () => {
    h = await createHarness();
    const app = await h.build();
    ws = await h.workspace();
    projectId = (await app.inject({ method: 'POST', url: '/projects', payload: { name: 'Target' }, headers: headers(ws.key) })).json().id;
    // What a worker does when it takes the job: the import reads PROCESSING from then on.
    await h.db.pool.query(`
      CREATE FUNCTION taken_at_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.status = 'QUEUED' THEN NEW.status := 'PROCESSING'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER taken_at_once BEFORE INSERT ON design_imports FOR EACH ROW EXECUTE FUNCTION taken_at_once();`);
    await writeFile(
      join(h.dataDir, 'photo.png'),
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer(),
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers the id of an import with nothing to upload that a worker already took, and queues it once', async () => {
    const id = await importDocument(h.db.pool, h.storage, ws.id, {
      json: doc([{ name: 'title', type: 'text', layout, properties: { payload: 'Hello', font: 'Inter', font_size: 40 } }]),
      baseDir: h.dataDir,
      target: { kind: 'design', project_uuid: projectId },
    });
    expect(await statusOf(id)).toBe('PROCESSING');
    expect(await jobsFor(id)).toBe(1);
  });

  it('still uploads and validates an import that names a file: it ends QUEUED, with one job', async () => {
    const id = await importDocument(h.db.pool, h.storage, ws.id, {
      json: doc([{ name: 'photo', type: 'image', layout, properties: { src: 'photo.png' } }]),
      baseDir: h.dataDir,
      target: { kind: 'design', project_uuid: projectId },
    });
    expect(await statusOf(id)).toBe('QUEUED');
    expect(await jobsFor(id)).toBe(1);
  });
});
