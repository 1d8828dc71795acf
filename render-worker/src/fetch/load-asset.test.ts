import type { ObjectStorage } from '@pressroom/platform';
import { describe, expect, it } from 'vitest';
import { pngDeclaring } from '../imports/testing/bomb.js';
import { RenderRefusedError } from '../tasks/failures.js';
import { createAssetLoader } from './load-asset.js';

// Named illustrations come from the installed package: no storage and no network are touched.
const loader = createAssetLoader({
  design: { assets: {}, type: 'static' },
  storage: {} as ObjectStorage,
  maxBytes: 1_000_000,
  timeoutMs: 1_000,
  allowPrivateNetworks: false,
  signal: new AbortController().signal,
});

describe('createAssetLoader: named illustrations', () => {
  it('reads a drawing of the bundled set', async () => {
    const got = await loader({ kind: 'library', library: 'lucide', name: 'leaf' });
    expect(got?.contentType).toBe('image/svg+xml');
    expect(got?.bytes.toString('utf8')).toContain('<svg');
  });

  it('refuses a name the set lacks (cannot_build_banner), rather than drawing an empty box', async () => {
    await expect(loader({ kind: 'library', library: 'lucide', name: 'no-such-drawing' })).rejects.toBeInstanceOf(RenderRefusedError);
    await expect(loader({ kind: 'library', library: 'lucide', name: 'no-such-drawing' })).rejects.toMatchObject({
      code: 'cannot_build_banner',
    });
  });
});

describe('createAssetLoader: the pixel budget of the images a request sends', () => {
  it('refuses an encoded image that declares more pixels than the design type allows, from its header', async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    const refused = loader({ kind: 'base64', data: bomb.toString('base64'), contentType: 'image/png' });
    await expect(refused).rejects.toBeInstanceOf(RenderRefusedError);
    await expect(refused).rejects.toThrow(/30000x30000/);
    const dataUrl = loader({ kind: 'url', url: `data:image/png;base64,${bomb.toString('base64')}` });
    await expect(dataUrl).rejects.toMatchObject({ code: 'cannot_build_banner' });
  });

  it('passes an image within the budget', async () => {
    const small = pngDeclaring(100, 100);
    const got = await loader({ kind: 'base64', data: small.toString('base64'), contentType: 'image/png' });
    expect(got?.contentType).toBe('image/png');
  });
});
