import { describe, expect, it } from 'vitest';
import { remoteUrlsOf } from './remote-urls.js';

describe('remoteUrlsOf', () => {
  it('collects http(s) *_url values once each, ignoring data: and asset: sources', () => {
    expect(
      remoteUrlsOf([
        { image_url: 'https://a.test/x.png', payload: 'https://not-a-url-field.test' },
        { icon_url: 'http://b.test/i.svg', image_url: 'https://a.test/x.png' },
        { image_url: 'data:image/png;base64,AAAA', logo_url: 'asset:logo' },
      ]),
    ).toEqual(['https://a.test/x.png', 'http://b.test/i.svg']);
  });
});
