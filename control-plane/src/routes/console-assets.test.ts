import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { loadFontCatalogue } from '@pressroom/platform';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRoutes } from './console.js';

describe("the editor canvas's fonts and illustrations under /console/", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await consoleRoutes(app);
  });
  afterAll(() => app.close());

  it('lists the bundled catalogue with each face at a URL that serves that face’s file', async () => {
    const res = await app.inject({ method: 'GET', url: '/console/fonts/catalogue.json' });
    expect(res.statusCode).toBe(200);
    const zipped = await app.inject({ method: 'GET', url: '/console/fonts/catalogue.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).equals(res.rawPayload)).toBe(true);
    expect(zipped.rawPayload.length).toBeLessThan(res.rawPayload.length / 3);
    const body = res.json() as {
      fonts: { id: string }[];
      faces: [string, { path: string; family: string; weight: number; style: string; subset: string }[]][];
    };
    const catalogue = loadFontCatalogue();
    expect(body.fonts.map((f) => f.id)).toEqual(catalogue.fonts.map((f) => f.id));
    const [id, faces] = body.faces.find(([, list]) => list.some((f) => f.family === 'Inter'))!;
    const face = faces.find((f) => f.weight === 700)!;
    expect(face.path).toMatch(/^\/console\/fonts\/\d+\.woff2$/);
    const file = await app.inject({ method: 'GET', url: face.path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/woff2');
    const onDisk = catalogue.faces.get(id)!.find((f) => f.weight === 700 && f.style === face.style && f.subset === face.subset)!;
    expect(file.rawPayload.equals(await readFile(onDisk.path))).toBe(true);
  });

  it('serves the drawings of the shipped illustration libraries, and no others', async () => {
    const star = await app.inject({ method: 'GET', url: '/console/illustrations/lucide/star' });
    expect(star.statusCode).toBe(200);
    expect(star.headers['content-type']).toBe('image/svg+xml');
    expect(star.body).toContain('<svg');
    for (const url of [
      '/console/illustrations/lucide/no-such-drawing',
      '/console/illustrations/custom/star',
      '/console/illustrations/toString/x',
    ])
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBeGreaterThanOrEqual(400);
  });

  it('serves nothing but the listed files', async () => {
    for (const url of ['/console/fonts/999999.woff2', '/console/fonts/..%2Fpackage.json', '/console/fonts/abc']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
    }
  });
});
