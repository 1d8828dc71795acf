import { describe, expect, it } from 'vitest';
import { bannerText, farewellText, renderLineText } from './banner.js';

describe('bannerText', () => {
  const facts = { baseUrl: 'http://localhost:8080', apiKey: 'prk_abc', createdWorkspace: true, exampleDesignId: 'd-1' };

  it('shows the URL, the key, the docs links and a render line for the example design', () => {
    const text = bannerText(facts);
    expect(text).toContain('Pressroom is running (demo workspace created).');
    expect(text).toContain('Base URL:  http://localhost:8080');
    expect(text).toContain('API key:   prk_abc');
    expect(text).toContain('http://localhost:8080/docs');
    expect(text).toContain('http://localhost:8080/openapi.json');
    expect(text).toContain('Console:   http://localhost:8080/console');
    expect(text).toContain("-H 'x-api-key: prk_abc'");
    expect(text).toContain('http://localhost:8080/banner-builder/d-1/generate');
  });

  it('falls back to a key check when no example design is ready', () => {
    const text = bannerText({ ...facts, createdWorkspace: false, exampleDesignId: undefined });
    expect(text).toContain('Pressroom is running.');
    expect(text).toContain('http://localhost:8080/auth');
    expect(text).not.toContain('banner-builder');
  });
});

describe('renderLineText', () => {
  it('prints the render line once an example design is ready', () => {
    const text = renderLineText({ baseUrl: 'http://localhost:8080', apiKey: 'prk_abc', exampleDesignId: 'd-2' });
    expect(text).toContain("-H 'x-api-key: prk_abc'");
    expect(text).toContain('http://localhost:8080/banner-builder/d-2/generate');
  });
});

describe('farewellText', () => {
  it('repeats the key', () => {
    expect(farewellText('prk_abc')).toContain('prk_abc');
  });
});
