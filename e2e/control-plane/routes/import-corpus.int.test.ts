import { createServer, type Server } from 'node:http';
import { createHarness, type Harness } from '@pressroom/control-plane/test/harness';
import type { WorkerRuntime } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers, importViaApi, solidPreview, startDesignWorker } from '../design-worker.js';
import { importCorpus } from '../import-corpus/corpus.js';

/** Every payload of the corpus (Abyssale's documented shapes) validates and imports to DONE. */
describe('the import corpus, on real Postgres and real storage', () => {
  let h: Harness;
  let app: FastifyInstance;
  let key: string;
  let projectId: string;
  let worker: WorkerRuntime;
  let png: Buffer;

  let media: Server;
  let mediaBase: string;

  beforeAll(async () => {
    // The corpus's remote sources (https://media.example/…) answer from a local server: an import
    // checks that every remote source answers (import-sources.int.test.ts), and tests have no internet.
    media = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end('x'));
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    mediaBase = `http://127.0.0.1:${(media.address() as { port: number }).port}/`;
    h = await createHarness({
      RATE_LIMIT_GLOBAL_PER_SECOND: '1000',
      RATE_LIMIT_POLLING_PER_MINUTE: '100000',
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    app = await h.build();
    key = (await h.workspace()).key;
    projectId = (await app.inject({ method: 'POST', url: '/projects', payload: { name: 'Corpus' }, headers: headers(key) })).json().id;
    worker = await startDesignWorker(h.db.pool, h.storage, solidPreview);
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366CC' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await worker?.stop();
    await h?.close();
    await new Promise((resolve) => media?.close(resolve));
  });

  const corpus = () =>
    importCorpus({ kind: 'design', project_uuid: projectId }).map(({ file, payload }) => ({
      file,
      payload: JSON.parse(JSON.stringify(payload).replaceAll('https://media.example/', mediaBase)) as Record<string, unknown>,
    }));

  it('has the documented shapes: the starter, two formats with a group, an upload, printer, multipage, animated', () => {
    expect(importCorpus({ kind: 'workspace_template' }).map((c) => c.file)).toEqual([
      'animated.json',
      'multipage.json',
      'printer.json',
      'starter.json',
      'two-formats-group.json',
      'uploaded-image.json',
    ]);
  });

  it('each payload validates with validate_only and creates nothing', async () => {
    for (const { file, payload } of corpus()) {
      const res = await app.inject({ method: 'POST', url: '/designs/import/json?validate_only=true', payload, headers: headers(key) });
      expect(res.statusCode, `${file}: ${res.body}`).toBe(204);
      expect(res.body, file).toBe('');
    }
    expect((await app.inject({ method: 'GET', url: '/designs/import/json', headers: headers(key) })).json()).toEqual([]);
  });

  it('each payload imports to DONE; the uploaded file lands in every layer that names it', async () => {
    for (const { file, payload } of corpus()) {
      const done = await importViaApi(app, key, payload, { 'photo.png': png });
      expect(done.status, `${file}: ${JSON.stringify(done.error)}`).toBe('DONE');
      const id = (done.result as { uuid: string }).uuid;
      const read = (await app.inject({ method: 'GET', url: `/designs/${id}`, headers: headers(key) })).json();
      expect(read.type, file).toBe(payload.type);
      if (file !== 'uploaded-image.json') continue;
      for (const name of ['photo', 'mark']) {
        const layer = read.elements.find((e: { name: string }) => e.name === name);
        const values = layer.attributes.find((a: { id: string }) => a.id === 'image_url').values;
        expect(Object.keys(values).sort()).toEqual(['square', 'wide']);
        for (const url of Object.values(values) as string[]) {
          const bytes = await app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
          expect(bytes.rawPayload.equals(png), `${name}: ${url}`).toBe(true);
        }
      }
    }
  });
});
