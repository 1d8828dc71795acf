import { describe, expect, it } from 'vitest';
import { elementsSchema } from './elements.js';
import { overrideFonts, overrideUrls } from './urls.js';

const parse = (elements: unknown, mode: 'sync' | 'async' = 'async') => elementsSchema({ designType: 'static', mode }).parse(elements);

describe('overrideUrls', () => {
  it('lists every url property and inpaint image at its request path, and nothing else', () => {
    const overrides = parse({
      photo: { image_url: 'https://cdn.example/a.png', fit: 'cover' },
      cta: { icon_url: 'http://127.0.0.1/i.svg', payload: 'https://looks.like/a-url' },
      ai: { text_to_image: 'a cat on a mat,https://10.0.0.1/ref.png' },
      other: { text_to_image_properties: { prompt: 'three words here', inpaint_images: ['https://x.example/1.png'] } },
    });
    expect(overrideUrls(overrides, ['elements'])).toEqual([
      { path: 'elements.photo.image_url', url: 'https://cdn.example/a.png' },
      { path: 'elements.cta.icon_url', url: 'http://127.0.0.1/i.svg' },
      { path: 'elements.ai.text_to_image_properties.inpaint_images[0]', url: 'https://10.0.0.1/ref.png' },
      { path: 'elements.other.text_to_image_properties.inpaint_images[0]', url: 'https://x.example/1.png' },
    ]);
  });

  it('prefixes page overrides with their page, and finds none in text', () => {
    expect(overrideUrls(parse({ logo: { image_url: 'https://a.example/l.png' } }), ['pages', 'page_2'])).toEqual([
      { path: 'pages.page_2.logo.image_url', url: 'https://a.example/l.png' },
    ]);
    expect(overrideUrls(parse({ headline: { payload: 'http://127.0.0.1/' } }, 'sync'), ['elements'])).toEqual([]);
  });
});

describe('overrideFonts', () => {
  it('lists every font the parsed overrides name, at its request path, by the catalogue and not by key name', () => {
    const font = '2f1c9a7e-8b3d-4c6a-9e21-5d4b3a2c1f00';
    const overrides = parse({
      headline: { font, payload: 'font' },
      cta: { font: font.toUpperCase() },
      vars: { font: 'not a font' },
    });
    expect(overrideFonts(overrides, ['elements'])).toEqual([
      { path: 'elements.headline.font', value: font },
      { path: 'elements.cta.font', value: font },
    ]);
    expect(overrideFonts(parse({ title: { font } }), ['pages', 'page_3'])).toEqual([{ path: 'pages.page_3.title.font', value: font }]);
    expect(overrideFonts(parse({ headline: { payload: 'x' } }), ['elements'])).toEqual([]);
  });
});
