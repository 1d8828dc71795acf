import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadExampleDocuments } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedDesignUsingFont } from '../../test/fonts.js';
import { createHarness, type Harness } from '../../test/harness.js';

// Liberation is installed by `npm run setup` (fonts-liberation2) and is not one of the bundled families.
const LIBERATION = '/usr/share/fonts/truetype/liberation2';
const file = (name: string) => readFileSync(`${LIBERATION}/${name}`);

describe('uploaded fonts: POST, GET and DELETE /fonts', () => {
  let h: Harness;
  let app: FastifyInstance;
  let a: { id: string; key: string };
  let b: { id: string; key: string };
  const call = (key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = (key: string, bytes: Buffer, extra: Record<string, unknown> = {}) =>
    call(key, 'POST', '/fonts', { file_encoded: bytes.toString('base64'), ...extra });

  beforeAll(async () => {
    h = await createHarness({
      RATE_LIMIT_GLOBAL_PER_SECOND: '1000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000',
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    app = await h.build();
    a = await h.workspace('pro', 'A');
    b = await h.workspace('pro', 'B');
  });
  afterAll(() => h.close());

  let serifId: string;

  it('answers 201 with the Font shape read from the file’s own tables, listed for its workspace only', async () => {
    const res = await upload(a.key, file('LiberationSerif-Regular.ttf'));
    expect(res.statusCode).toBe(201);
    const { version: _, ...font } = res.json();
    expect(font).toEqual({ id: expect.any(String), name: 'Liberation Serif', available_weights: [400], category: 'serif', type: 'custom' });
    serifId = font.id;
    for (const query of ['?name=liberation%20serif', '?weight=400&style=normal', '?category=serif', '']) {
      const listed = (await call(a.key, 'GET', `/fonts${query}`)).json() as { id: string }[];
      expect(
        listed.map((f) => f.id),
        query,
      ).toContain(serifId);
      const other = (await call(b.key, 'GET', `/fonts${query}`)).json() as { id: string }[];
      expect(
        other.map((f) => f.id),
        query,
      ).not.toContain(serifId);
    }
    expect(((await call(a.key, 'GET', '/fonts?category=monospace')).json() as { id: string }[]).map((f) => f.id)).not.toContain(serifId);
    expect(((await call(a.key, 'GET', '/fonts?weight=700')).json() as { id: string }[]).map((f) => f.id)).not.toContain(serifId);
  });

  it('a second file of the family joins it; an identical file is recognised by its hash and stored once', async () => {
    const bold = (await upload(a.key, file('LiberationSerif-Bold.ttf'))).json();
    expect(bold.id).toBe(serifId);
    const italic = await upload(a.key, file('LiberationSerif-Italic.ttf'));
    expect(italic.json().available_weights).toEqual([400, 700, '400-italic']);
    const again = await upload(a.key, file('LiberationSerif-Bold.ttf'));
    expect([again.statusCode, again.json().id]).toEqual([201, serifId]);
    const rows = await h.db.pool.query('SELECT sha256, storage_key FROM workspace_font_files WHERE workspace_id = $1', [a.id]);
    expect(rows.rowCount).toBe(3);
    for (const row of rows.rows) expect(await h.storage.head(row.storage_key)).toBeDefined();
    // The same file in another workspace is that workspace's own font.
    const theirs = (await upload(b.key, file('LiberationSerif-Bold.ttf'))).json();
    expect(theirs.id).not.toBe(serifId);
    expect(theirs.available_weights).toEqual([700]);
  });

  it('files a font under `name`, and takes a file by URL through the outbound guard', async () => {
    const server = createServer((_req, res) => res.end(file('LiberationMono-Regular.ttf')));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await call(a.key, 'POST', '/fonts', { url: `http://127.0.0.1:${port}/mono.ttf`, name: 'Brand Mono' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Brand Mono', category: 'monospace', available_weights: [400] });
      const missing = await call(a.key, 'POST', '/fonts', { url: `http://127.0.0.1:${port + 1}/gone.ttf` });
      expect([missing.statusCode, missing.json().id]).toEqual([400, 'image_fetching_error']);
    } finally {
      server.close();
    }
  });

  it('refuses bytes that are not a font, a file over 15 MB, and a body with both or neither source', async () => {
    const junk = await upload(a.key, Buffer.from('this is not a font at all, just text'));
    expect([junk.statusCode, junk.json().id]).toEqual([400, 'invalid_payload']);
    expect(junk.json().errors[0]).toMatchObject({
      path: 'file_encoded',
      code: 'invalid_payload',
      message: expect.stringContaining('not a font'),
    });
    const big = await upload(a.key, Buffer.alloc(16 * 1024 * 1024, 1));
    expect([big.statusCode, big.json().id]).toEqual([413, 'payload_too_large']);
    const both = await call(a.key, 'POST', '/fonts', { file_encoded: 'AAAA', url: 'https://example.com/f.ttf' });
    expect([both.statusCode, both.json().errors[0].path]).toEqual([400, 'file_encoded']);
    expect((await call(a.key, 'POST', '/fonts', {})).statusCode).toBe(400);
  });

  it('an import naming a family the workspace has passes; one nobody has is unknown_font at its path', async () => {
    const mono = (await call(a.key, 'GET', '/fonts?name=Brand%20Mono')).json()[0];
    const importing = async (key: string, font: string) => {
      const { body, path } = await importNaming(h, key === a.key ? a.id : b.id, font);
      return { res: await call(key, 'POST', '/designs/import/json?validate_only=true', body), path };
    };
    expect((await importing(a.key, 'Brand Mono')).res.statusCode).toBeLessThan(300);
    expect((await importing(a.key, mono.id)).res.statusCode).toBeLessThan(300);
    for (const [key, font] of [
      [b.key, 'Brand Mono'],
      [a.key, 'Nobody Has This Sans'],
    ] as const) {
      const { res, path } = await importing(key, font);
      expect([res.statusCode, res.json().id], font).toEqual([400, 'unknown_font']);
      expect(res.json().errors).toEqual([expect.objectContaining({ path, code: 'unknown_font', received: font })]);
    }
  });

  it('DELETE: unknown to another workspace, 409 with the designs that use it, then gone', async () => {
    expect((await call(b.key, 'DELETE', `/fonts/${serifId}`)).json().id).toBe('font_not_found');
    const designId = await storedDesignUsingFont(h, a.id, serifId, 'Uses the brand serif');
    expect((await call(a.key, 'GET', `/fonts/${serifId}/designs`)).json()).toEqual([{ id: designId, name: 'Uses the brand serif' }]);
    const busy = await call(a.key, 'DELETE', `/fonts/${serifId}`);
    expect([busy.statusCode, busy.json().id]).toEqual([409, 'font_in_use']);
    expect(busy.json().errors[0].received).toEqual({ id: designId, name: 'Uses the brand serif' });
    await h.db.pool.query(`UPDATE designs SET status = 'DELETED', deleted_at = now() WHERE id = $1`, [designId]);
    const keys = (await h.db.pool.query('SELECT storage_key FROM workspace_font_files WHERE font_id = $1', [serifId])).rows;
    const gone = await call(a.key, 'DELETE', `/fonts/${serifId}`);
    expect([gone.statusCode, gone.json().id]).toEqual([200, serifId]);
    for (const row of keys) expect(await h.storage.head(row.storage_key)).toBeUndefined();
    expect(((await call(a.key, 'GET', '/fonts')).json() as { id: string }[]).map((f) => f.id)).not.toContain(serifId);
    expect((await call(a.key, 'DELETE', `/fonts/${serifId}`)).statusCode).toBe(404);
  });
});

/** The summer-sale example as an import body whose headline names `font`, and that font's path in it. */
async function importNaming(h: Harness, workspaceId: string, font: string): Promise<{ body: Record<string, unknown>; path: string }> {
  const body = loadExampleDocuments().find((d) => d.file === 'static-summer-sale.json')!.json as {
    layers: { name: string; properties: { default: Record<string, unknown> } }[];
  };
  const index = body.layers.findIndex((e) => e.name === 'headline');
  body.layers[index]!.properties.default.font = font;
  const project = await h.db.pool.query<{ id: string }>(`INSERT INTO projects (workspace_id, name) VALUES ($1, $2) RETURNING id`, [
    workspaceId,
    `Import ${font}`,
  ]);
  return {
    body: { ...body, target: { kind: 'design', project_uuid: project.rows[0]!.id } },
    path: `layers[${index}].properties.default.font`,
  };
}
