import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRoutes } from './console.js';

describe('the gallery under /console/gallery/', () => {
  let withGallery: FastifyInstance;
  let without: FastifyInstance;
  let outside: string;

  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), 'pressroom-gallery-'));
    const gallery = join(root, 'gallery');
    await mkdir(join(gallery, 'img'), { recursive: true });
    await writeFile(join(gallery, 'index.html'), '<!doctype html><title>Gallery</title><img src="img/a.png" alt="a">');
    await writeFile(join(gallery, 'img', 'a.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    outside = join(root, 'secret.html');
    await writeFile(outside, 'TOP-SECRET-CONTENT');
    withGallery = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await consoleRoutes(withGallery, { galleryDir: gallery });
    without = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await consoleRoutes(without, { galleryDir: join(root, 'no-such-dir') });
  });
  afterAll(async () => {
    await withGallery.close();
    await without.close();
  });

  it('serves its page and files, with their types', async () => {
    const page = await withGallery.inject({ method: 'GET', url: '/console/gallery/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Gallery</title>');
    const image = await withGallery.inject({ method: 'GET', url: '/console/gallery/img/a.png' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('redirects to the trailing slash its relative links need', async () => {
    const res = await withGallery.inject({ method: 'GET', url: '/console/gallery' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/console/gallery/');
  });

  it('answers a 404 page when there is no gallery or no such file', async () => {
    for (const [app, url] of [
      [without, '/console/gallery/'],
      [withGallery, '/console/gallery/img/b.png'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('No gallery here');
    }
  });

  it('never serves a file outside the gallery', async () => {
    for (const url of ['/console/gallery/%2e%2e/secret.html', '/console/gallery/..%2fsecret.html', '/console/gallery/..%5csecret.html']) {
      const res = await withGallery.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('TOP-SECRET-CONTENT');
    }
    // What the traversal would have reached is readable, so the refusal is the route's doing.
    expect(outside).toMatch(/secret\.html$/);
  });
});
