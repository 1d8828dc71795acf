import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDesignDocument } from '@pressroom/model';
import { LocalObjectStorage, type ObjectStorage } from '@pressroom/platform';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { framesOf, type PreviewRenderer, renderPreviews } from './previews.js';

const doc = {
  name: 'Two formats',
  type: 'static',
  formats: [
    { name: 'a', width: 20, height: 10 },
    { name: 'b', width: 10, height: 20 },
  ],
  elements: [],
};

describe('renderPreviews on real local storage', () => {
  let storage: ObjectStorage;
  const design = (() => {
    const r = parseDesignDocument(doc);
    if (!r.ok) throw new Error('fixture does not parse');
    return r.design;
  })();
  const uids = { a: '11111111-1111-4111-8111-111111111111', b: '22222222-2222-4222-8222-222222222222' };
  const png: PreviewRenderer = async (_d, frame) =>
    sharp({ create: { width: frame === 'a' ? 20 : 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
  const run = (s: ObjectStorage, render: PreviewRenderer | null) =>
    renderPreviews({
      storage: s,
      render,
      workspaceId: 'ws1',
      designId: 'd1',
      design,
      frames: framesOf(design, uids),
      signal: new AbortController().signal,
    });

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-previews-'));
    storage = new LocalObjectStorage({
      dataDir,
      publicBaseUrl: 'http://localhost:8080',
      urlSigningSecret: 'x'.repeat(32),
      downloadUrlTtlSeconds: 60,
    });
  });

  it('stores one PNG per format under the preview key of its uid', async () => {
    const out = await run(storage, png);
    expect(out.warnings).toEqual([]);
    expect(out.stored).toEqual([
      { frameId: 'a', key: `workspaces/ws1/designs/d1/previews/${uids.a}.png` },
      { frameId: 'b', key: `workspaces/ws1/designs/d1/previews/${uids.b}.png` },
    ]);
    expect((await storage.head(out.stored[0]!.key))?.contentType).toBe('image/png');
  });

  it('render_failed per format at formats[i] when the renderer gives up', async () => {
    const failing: PreviewRenderer = async (_d, frame) => {
      if (frame === 'b') throw new Error('text cannot fit');
      return png(design, frame, new AbortController().signal, 'workspace');
    };
    const out = await run(storage, failing);
    expect(out.stored.map((s) => s.frameId)).toEqual(['a']);
    expect(out.warnings).toEqual([
      {
        code: 'preview_generation_failed',
        reason: 'render_failed',
        path: 'formats[1]',
        message: expect.stringContaining('text cannot fit'),
      },
    ]);
  });

  it('preview_not_stored when storage refuses the bytes', async () => {
    const refusing: ObjectStorage = Object.assign(Object.create(storage) as ObjectStorage, {
      put: async () => {
        throw new Error('disk full');
      },
    });
    const out = await run(refusing, png);
    expect(out.stored).toEqual([]);
    expect(out.warnings.map((w) => [w.reason, w.path])).toEqual([
      ['preview_not_stored', 'formats[0]'],
      ['preview_not_stored', 'formats[1]'],
    ]);
  });
});
