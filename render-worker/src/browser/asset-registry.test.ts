import { describe, expect, it } from 'vitest';
import { AssetRegistry } from './asset-registry.js';
import { ASSET_ORIGIN } from './chromium-args.js';

describe('AssetRegistry', () => {
  it('serves what was registered under the reserved origin, query and fragment ignored', () => {
    const assets = new AssetRegistry();
    const url = assets.register(Buffer.from('abc'), 'image/png', 'logo file.png');
    expect(url.startsWith(`${ASSET_ORIGIN}/`)).toBe(true);
    expect(url.endsWith('/logo%20file.png')).toBe(true);
    expect(assets.lookup(url)?.bytes.toString()).toBe('abc');
    expect(assets.lookup(`${url}?v=1#x`)?.contentType).toBe('image/png');
  });

  it('gives every registration its own URL', () => {
    const assets = new AssetRegistry();
    expect(assets.register(Buffer.from('a'), 'text/plain')).not.toBe(assets.register(Buffer.from('a'), 'text/plain'));
  });

  it('knows nothing outside the origin or not registered', () => {
    const assets = new AssetRegistry();
    assets.register(new Uint8Array([1]), 'image/png');
    expect(assets.lookup(`${ASSET_ORIGIN}/nope`)).toBeNull();
    expect(assets.lookup('https://example.com/x')).toBeNull();
    expect(assets.lookup('https://assets.pressroom.internal.evil.com/x')).toBeNull();
  });
});
