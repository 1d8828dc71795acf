import { describe, expect, it } from 'vitest';
import { MAX_LAYER_KEYS } from '../overrides/elements.js';
import { checkFileType, parseGenerationRequest } from './requests.js';

const STATIC = { designType: 'static' } as const;
const ANIMATED = { designType: 'animated' } as const;
const PRINTER = { designType: 'printer' } as const;
const MULTIPAGE = { designType: 'printer_multipage' } as const;

describe('checkFileType', () => {
  it.each([
    ['static', 'jpeg'],
    ['static', 'png'],
    ['static', 'webp'],
    ['static', 'avif'],
    ['static', 'pdf'],
    ['static', 'JPG'],
    ['animated', 'mp4'],
    ['animated', 'gif'],
    ['animated', 'html5'],
    ['printer', 'pdf'],
    ['printer_multipage', 'pdf'],
  ] as const)('%s accepts %s', (type, fileType) => {
    expect(checkFileType(type, fileType).ok).toBe(true);
  });

  it.each([
    ['static', 'mp4'],
    ['static', 'gif'],
    ['animated', 'png'],
    ['printer', 'png'],
    ['printer_multipage', 'jpeg'],
    ['static', 42],
  ] as const)('%s refuses %s with invalid_filetype', (type, fileType) => {
    const result = checkFileType(type, fileType);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.id).toBe('invalid_filetype');
      expect(result.error.issues).toMatchObject([{ path: 'image_file_type', code: 'invalid_filetype' }]);
    }
  });
});

describe('parseGenerationRequest', () => {
  it('a JSON null body is refused on every endpoint, as any body that is not an object', () => {
    for (const kind of ['sync', 'async', 'multipage'] as const) {
      for (const body of [null, [], 'x', 1]) {
        const result = parseGenerationRequest(kind, body, kind === 'multipage' ? { designType: 'printer_multipage' } : STATIC);
        expect(result.ok ? result : result.error.id, `${kind} ${JSON.stringify(body)}`).toBe('invalid_payload');
        if (!result.ok) expect(result.error.issues?.map((i) => i.path)).toEqual(['body']);
      }
    }
  });

  it('sync: an empty or absent body renders saved content', () => {
    for (const body of [undefined, {}]) {
      const result = parseGenerationRequest('sync', body, STATIC);
      expect(result).toMatchObject({ ok: true, value: { kind: 'sync', formatName: null, fileType: null } });
      if (result.ok) expect(Object.keys(result.value.overrides.layers)).toEqual([]);
    }
  });

  it('sync: normalises the body', () => {
    const result = parseGenerationRequest(
      'sync',
      {
        template_format_name: 'facebook-post',
        image_file_type: 'png',
        elements: { title: { payload: 'Hello', color: 'cmyk(0,100,100,0)' } },
      },
      STATIC,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.formatName).toBe('facebook-post');
    expect(result.value.fileType).toBe('png');
    expect(result.value.overrides.layers.title).toEqual({
      payload: 'Hello',
      color: { kind: 'hex', r: 255, g: 0, b: 0, alpha: 1, digits: 6 },
    });
  });

  it.each([
    ['sync on animated', 'sync', {}, ANIMATED, 'template_not_static'],
    ['sync on printer', 'sync', {}, PRINTER, 'template_not_static'],
    ['multipage on printer', 'multipage', { pages: {} }, PRINTER, 'invalid_design_type'],
    ['multipage on static', 'multipage', { pages: {} }, STATIC, 'invalid_design_type'],
    ['body not an object', 'async', 'hello', STATIC, 'invalid_payload'],
  ] as const)('%s → %s', (_name, kind, body, ctx, id) => {
    const result = parseGenerationRequest(kind, body, ctx);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.id).toBe(id);
  });

  it.each([
    ['sync: wrong file type', 'sync', { image_file_type: 'gif' }, STATIC, 'invalid_filetype', ['image_file_type']],
    ['async: wrong file type for animated', 'async', { image_file_type: 'png' }, ANIMATED, 'invalid_filetype', ['image_file_type']],
    ['sync: bare string element', 'sync', { elements: { title: 'Hi' } }, STATIC, 'invalid_payload', ['elements.title']],
    ['sync: upscale refused', 'sync', { elements: { img: { upscale: true } } }, STATIC, 'invalid_payload', ['elements.img.upscale']],
    ['sync: format name is a string', 'sync', { template_format_name: 3 }, STATIC, 'invalid_payload', ['template_format_name']],
    ['async: format names are an array', 'async', { template_format_names: 'a' }, STATIC, 'invalid_payload', ['template_format_names']],
    ['async: callback_url is a URL', 'async', { callback_url: 'mailto:x@y.z' }, STATIC, 'invalid_payload', ['callback_url']],
    ['async: callback_url is https', 'async', { callback_url: 'http://hooks.example/x' }, STATIC, 'invalid_payload', ['callback_url']],
    ['async: original_visual_id is a uuid', 'async', { original_visual_id: 'abc' }, STATIC, 'invalid_payload', ['original_visual_id']],
    ['sync: original_visual_id is a uuid', 'sync', { original_visual_id: 'abc' }, STATIC, 'invalid_payload', ['original_visual_id']],
    [
      'async: original_visual_id with two formats',
      'async',
      { original_visual_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', template_format_names: ['a', 'b'] },
      STATIC,
      'more_than_one_format',
      ['original_visual_id'],
    ],
    [
      'async: out of range override',
      'async',
      { elements: { t: { shadow_offset_x: -201 } } },
      STATIC,
      'out_of_range',
      ['elements.t.shadow_offset_x'],
    ],
    [
      'async: several codes → invalid_payload',
      'async',
      { image_file_type: 'mp4', elements: { t: { skew_y: 99 } } },
      STATIC,
      'invalid_payload',
      ['elements.t.skew_y', 'image_file_type'],
    ],
    ['multipage: pages required', 'multipage', {}, MULTIPAGE, 'missing_required', ['pages']],
    ['multipage: pages is an object', 'multipage', { pages: [] }, MULTIPAGE, 'invalid_payload', ['pages']],
    ['multipage: page keys', 'multipage', { pages: { cover: {} } }, MULTIPAGE, 'invalid_payload', ['pages.cover']],
    [
      'multipage: root gradient refused on print',
      'multipage',
      { pages: { page_1: { root: { background_color: 'linear-gradient(0% 0% 100% 0%,0% #000 1,100% #fff 1)' } } } },
      MULTIPAGE,
      'invalid_payload',
      ['pages.page_1.root.background_color'],
    ],
    ['multipage: callback_url', 'multipage', { pages: {}, callback_url: 'nope' }, MULTIPAGE, 'invalid_payload', ['callback_url']],
  ] as const)('%s', (_name, kind, body, ctx, id, paths) => {
    const result = parseGenerationRequest(kind, body, ctx);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.id).toBe(id);
    expect(result.error.issues?.map((i) => i.path)).toEqual(paths);
  });

  it('async: template_format_names [] is out_of_range at its path (it would render nothing); null or absent is every format', () => {
    for (const designType of [STATIC, ANIMATED, PRINTER, MULTIPAGE]) {
      const result = parseGenerationRequest('async', { template_format_names: [] }, designType);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error.id).toBe('out_of_range');
      expect(result.error.issues).toEqual([
        expect.objectContaining({ path: 'template_format_names', code: 'out_of_range', expected: { min: 1 }, received: 0 }),
      ]);
    }
    for (const body of [{}, { template_format_names: null }]) {
      const result = parseGenerationRequest('async', body, STATIC);
      expect(result.ok && result.value.kind === 'async' && result.value.formatNames).toBe(null);
    }
  });

  it.each([
    // A field of another generation endpoint did nothing here, or rendered other formats than asked.
    ['sync', { template_format_names: ['story'] }, STATIC, 'template_format_names', /template_format_name/],
    ['sync', { callback_url: 'https://hooks.example.com/x' }, STATIC, 'callback_url', /answers with its file/],
    ['sync', { pages: { page_1: {} } }, STATIC, 'pages', /generate-multipage-pdf/],
    ['async', { template_format_name: 'story' }, STATIC, 'template_format_name', /template_format_names/],
    ['async', { pages: { page_1: {} } }, MULTIPAGE, 'pages', /generate-multipage-pdf/],
    ['multipage', { pages: {}, template_format_names: ['a4'] }, MULTIPAGE, 'template_format_names', /pages, not formats/],
    ['multipage', { pages: {}, template_format_name: 'a4' }, MULTIPAGE, 'template_format_name', /pages, not formats/],
    ['multipage', { pages: {}, elements: { title: { payload: 'x' } } }, MULTIPAGE, 'elements', /pages\.page_N/],
  ] as const)('%s refuses %j at its path', (kind, body, ctx, path, message) => {
    const result = parseGenerationRequest(kind, body, ctx);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.id).toBe('invalid_payload');
    expect(result.error.issues).toEqual([
      expect.objectContaining({ path, code: 'invalid_payload', message: expect.stringMatching(message) }),
    ]);
  });

  it('multipage: image_file_type pdf is what is made; another type is invalid_filetype', () => {
    expect(parseGenerationRequest('multipage', { pages: {}, image_file_type: 'pdf' }, MULTIPAGE).ok).toBe(true);
    const png = parseGenerationRequest('multipage', { pages: {}, image_file_type: 'png' }, MULTIPAGE);
    expect(!png.ok && png.error.id).toBe('invalid_filetype');
  });

  it('print_options: an unknown key is unknown_field, a non-boolean says so; null is absent', () => {
    for (const [kind, base, ctx] of [
      ['async', {}, PRINTER],
      ['multipage', { pages: {} }, MULTIPAGE],
    ] as const) {
      const unknown = parseGenerationRequest(kind, { ...base, print_options: { bleed: true } }, ctx);
      expect(!unknown.ok && unknown.error.issues).toEqual([expect.objectContaining({ path: 'print_options', code: 'unknown_field' })]);
      const text = parseGenerationRequest(kind, { ...base, print_options: { crop_marks: 'true' } }, ctx);
      expect(!text.ok && text.error.issues).toEqual([
        expect.objectContaining({ path: 'print_options.crop_marks', code: 'invalid_payload', message: 'must be true or false' }),
      ]);
      const off = parseGenerationRequest(kind, { ...base, print_options: null }, ctx);
      expect(off.ok && off.value.printOptions).toEqual({ crop_marks: false, safe_zone: false });
    }
  });

  it('async: a format named twice renders once, and counts once against original_visual_id', () => {
    const twice = parseGenerationRequest('async', { template_format_names: ['square', 'story', 'square'] }, STATIC);
    expect(twice.ok && twice.value.kind === 'async' && twice.value.formatNames).toEqual(['square', 'story']);
    const original = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const one = parseGenerationRequest('async', { template_format_names: ['square', 'square'], original_visual_id: original }, STATIC);
    expect(one.ok && one.value.kind === 'async' && one.value.formatNames).toEqual(['square']);
  });

  it('async: tolerates bare strings, accepts AI properties and normalises', () => {
    const result = parseGenerationRequest(
      'async',
      {
        template_format_names: ['facebook-feed', 'instagram-post'],
        callback_url: 'https://your-webhook.com/abyssale',
        image_file_type: 'gif',
        elements: {
          title: 'ignored',
          img: { text_to_image: 'a villa in lavender', upscale: true, upscale_properties: { upscale_factor: 4 } },
        },
      },
      ANIMATED,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      kind: 'async',
      formatNames: ['facebook-feed', 'instagram-post'],
      callbackUrl: 'https://your-webhook.com/abyssale',
      fileType: 'gif',
      originalVisualId: null,
    });
    expect(Object.keys(result.value.overrides.layers)).toEqual(['img']);
    expect(result.value.overrides.layers.img).toMatchObject({
      text_to_image: true,
      text_to_image_properties: { prompt: 'a villa in lavender' },
    });
  });

  it('multipage: parses each page with AI properties allowed', () => {
    const result = parseGenerationRequest(
      'multipage',
      {
        pages: {
          page_1: { root: { background_color: 'cmyk(0,0,0,10)' }, photo: { upscale: true } },
          page_2: { title: { payload: 'Two' } },
        },
        callback_url: 'https://hooks.example/x',
      },
      MULTIPAGE,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.keys(result.value.pages)).toEqual(['page_1', 'page_2']);
    expect(result.value.pages.page_1!.layers.root!.background_color).toEqual({ kind: 'cmyk', c: 0, m: 0, y: 0, k: 10, alpha: null });
    expect(result.value.callbackUrl).toBe('https://hooks.example/x');
  });

  it('print_options: parsed into the request on print designs, defaults off, errors at their field paths', () => {
    const on = parseGenerationRequest('multipage', { pages: {}, print_options: { crop_marks: true } }, MULTIPAGE);
    expect(on.ok && on.value.printOptions).toEqual({ crop_marks: true, safe_zone: false });
    const off = parseGenerationRequest('async', {}, PRINTER);
    expect(off.ok && off.value.printOptions).toEqual({ crop_marks: false, safe_zone: false });
    const bad = parseGenerationRequest('async', { print_options: { safe_zone: 'yes' } }, PRINTER);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error.id).toBe('invalid_payload');
    expect(bad.error.issues?.map((i) => i.path)).toEqual(['print_options.safe_zone']);
    const notObject = parseGenerationRequest('multipage', { pages: {}, print_options: 'x' }, MULTIPAGE);
    expect(!notObject.ok && notObject.error.issues?.map((i) => i.path)).toEqual(['print_options']);
    // Not a print design: refused by name rather than accepted and ignored.
    for (const value of ['x', { crop_marks: true }]) {
      const notPrint = parseGenerationRequest('async', { print_options: value }, STATIC);
      expect(!notPrint.ok && notPrint.error.id).toBe('invalid_payload');
      expect(!notPrint.ok && notPrint.error.issues?.map((i) => i.path)).toEqual(['print_options']);
    }
  });

  it('refuses more layer keys than the cap before validating any of them, over elements or all pages', () => {
    const layers = (n: number, from = 0) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`layer_${from + i}`, { payload: 'x' }]));
    expect(parseGenerationRequest('async', { elements: layers(MAX_LAYER_KEYS) }, STATIC).ok).toBe(true);
    const sync = parseGenerationRequest('sync', { elements: layers(MAX_LAYER_KEYS + 1) }, STATIC);
    expect(sync.ok).toBe(false);
    if (sync.ok) return;
    expect(sync.error.id).toBe('out_of_range');
    expect(sync.error.issues).toEqual([
      expect.objectContaining({ path: 'elements', expected: { max: MAX_LAYER_KEYS }, received: MAX_LAYER_KEYS + 1 }),
    ]);
    const half = MAX_LAYER_KEYS / 2;
    const multipage = parseGenerationRequest('multipage', { pages: { page_1: layers(half), page_2: layers(half + 1, half) } }, MULTIPAGE);
    expect(!multipage.ok && multipage.error.issues?.[0]?.path).toBe('pages');
  });
});
