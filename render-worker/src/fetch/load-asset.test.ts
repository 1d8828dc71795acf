import type { ObjectStorage } from '@pressroom/platform';
import { describe, expect, it } from 'vitest';
import { RenderRefusedError } from '../tasks/failures.js';
import { createAssetLoader } from './load-asset.js';

// Named illustrations come from the installed package: no storage and no network are touched.
const loader = createAssetLoader({
  design: { assets: {} },
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
