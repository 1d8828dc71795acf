import { describe, expect, it } from 'vitest';
import { parseImportPayload } from './parse.js';

const PROJECT = '3f5a7b16-6c1e-4b5a-9d1e-2f3a4b5c6d7e';

/** The create-import page's copy-paste starter, with a project id. */
const starter = () => ({
  name: 'My first import',
  type: 'static',
  target: { kind: 'design', project_uuid: PROJECT },
  formats: [{ name: 'square', width: 1080, height: 1080, background_color: '#0A363A' }],
  layers: [
    {
      name: 'badge',
      type: 'shape',
      layout: { x: 90, y: 380, width: 900, height: 320 },
      properties: { shape: 'rectangle', background_color: '#F5C518', radius: { tl: 24, tr: 24, br: 24, bl: 24 } },
    },
    {
      name: 'title',
      type: 'text',
      layout: { x: 140, y: 440, width: 800, height: 200 },
      properties: { payload: 'Hello from the API', color: '#0A363A', font_size: 96, text_align: 'center' },
    },
  ],
});

function issues(payload: unknown) {
  const r = parseImportPayload(payload);
  if (r.ok) throw new Error('expected issues');
  return r.issues.map((i) => `${i.path} ${i.code}`);
}

describe('parseImportPayload', () => {
  it('takes the docs starter as printed', () => {
    const r = parseImportPayload(starter());
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.target).toEqual({ kind: 'design', project_uuid: PROJECT });
    expect(r.design.type).toBe('static');
    if (r.design.type !== 'static') return;
    const [badge, title] = r.design.elements;
    expect(badge?.layout).toEqual({ square: { x: 90, y: 380, width: 900, height: 320 } });
    expect(badge?.properties).toMatchObject({
      shape_type: 'rectangle',
      background_color: '#F5C518',
      border_radius: { tl: 24, tr: 24, br: 24, bl: 24 },
    });
    // No font: the text is set in the default font (Inter), which the stored layer leaves unsaid.
    expect(title?.properties).toMatchObject({ payload: 'Hello from the API', alignment: 'center', font_size: 96 });
    expect(title?.properties).not.toHaveProperty('font');
  });

  it('a name of spaces is out_of_range at name (it imported a design that shows no name); a stored one still reads', () => {
    for (const name of [' ', '  \t ', '\u3000']) expect(issues({ ...starter(), name })).toEqual(['name out_of_range']);
    expect(parseImportPayload({ ...starter(), name: '   ' }, { stored: true }).ok).toBe(true);
    expect(parseImportPayload({ ...starter(), name: ' x ' }).ok).toBe(true);
  });

  it('defaults the target kind to design, which needs a project', () => {
    expect(issues({ ...starter(), target: {} })).toEqual(['target.project_uuid missing_required']);
    const r = parseImportPayload({ ...starter(), target: { kind: 'workspace_template' } });
    expect(r.ok && r.target).toEqual({ kind: 'workspace_template' });
  });

  it('reads per-format layout and properties, nested objects and layer-level fields', () => {
    const r = parseImportPayload({
      ...starter(),
      formats: [
        { name: 'square', width: 1080, height: 1080 },
        { name: 'story', width: 1080, height: 1920 },
      ],
      layers: [
        {
          name: 'title',
          type: 'text',
          hidden: true,
          locked: false,
          layout: { square: { x: 0, y: 0, width: 100, height: 50 }, story: { x: 0, y: 10, width: 100, height: 50 } },
          properties: {
            default: {
              payload: 'Hi',
              font_size: 40,
              shadow: { color: '#000', blur: 4, offset_x: 1, offset_y: 2 },
              stroke: { width: 2, color: '#fff' },
            },
            story: { font_size: 60, shadow: { blur: 8 } },
          },
        },
        { name: 'g', type: 'group', layer_ids: ['title'], locked: true, layout: { x: 0, y: 0, width: 100, height: 100 } },
      ],
    });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    if (r.design.type !== 'static') return;
    const [title, group] = r.design.elements;
    expect(title?.properties).toMatchObject({
      hidden: true,
      shadow_color: '#000000',
      shadow_blur: 4,
      shadow_offset_y: 2,
      stroke_width: 2,
      stroke_color: '#FFFFFF',
    });
    expect(title?.overrides).toEqual({ story: { font_size: 60, shadow_blur: 8 } });
    expect(group?.layer_ids).toEqual(['title']);
    expect(group?.properties).toMatchObject({ locked: true });
    expect(Object.keys(group?.layout ?? {})).toEqual(['square', 'story']);
  });

  it('turns a bare file name into an expected upload', () => {
    const r = parseImportPayload({
      ...starter(),
      layers: [{ name: 'photo', type: 'image', layout: { x: 0, y: 0, width: 10, height: 10 }, properties: { src: 'hero.jpg' } }],
    });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.design.assets).toEqual({ 'hero.jpg': { src: 'file:hero.jpg', content_type: 'image/jpeg' } });
    if (r.design.type === 'static') expect(r.design.elements[0]?.properties).toMatchObject({ image_url: 'asset:hero.jpg' });
  });

  it('reports every problem at once with import paths and ids', () => {
    const bad = starter() as Record<string, unknown>;
    bad.elements = [];
    const layers = bad.layers as Record<string, unknown>[];
    (layers[0] as { properties: Record<string, unknown> }).properties = {
      shape: 'Rectangle',
      shadow: { blur: 500 },
      type: 'shape',
      radius: 'x',
    };
    (layers[1] as { layout: Record<string, unknown> }).layout = { x: 1.5, y: 0, width: 10, height: 10 };
    (layers[1] as { properties: Record<string, unknown> }).properties = {
      payload: 'x',
      font_size: 'big',
      color: 'rgb(1,2,3)',
      layer_ids: [],
    };
    layers.push({ name: 'clip', type: 'video', layout: { x: 0, y: 0, width: 1, height: 1 } });
    expect(issues(bad).sort()).toEqual(
      [
        'elements unknown_field',
        'layers[0].properties.type unknown_field',
        'layers[0].properties.shadow.blur out_of_range',
        'layers[1].properties.layer_ids unknown_field',
        'layers[2].type unknown_enum_value',
      ].sort(),
    );
    delete bad.elements;
    (layers[1] as { properties: Record<string, unknown> }).properties = { payload: 'x', font_size: 'big', color: 'rgb(1,2,3)' };
    layers.pop();
    (layers[0] as { properties: Record<string, unknown> }).properties = { shape: 'Rectangle', shadow: { offset_x: 500 }, radius: 'x' };
    expect(issues(bad).sort()).toEqual(
      [
        'layers[0].properties.shape unknown_enum_value',
        'layers[0].properties.shadow.offset_x out_of_range',
        'layers[0].properties.radius invalid_payload',
        'layers[1].layout.x invalid_payload',
        'layers[1].properties.font_size wrong_type',
        'layers[1].properties.color invalid_payload',
      ].sort(),
    );
  });

  describe("Abyssale's own bounds are refused on write; a stored design read back keeps its values", () => {
    const box = { x: 0, y: 0, width: 100, height: 100 };
    const layer = (type: string, properties: Record<string, unknown>) => ({
      ...starter(),
      layers: [{ name: 'l', type, layout: box, properties }],
    });
    const onWrite = (payload: unknown) => {
      const r = parseImportPayload(payload);
      return r.ok ? [] : r.issues.map(({ path, code, expected, received }) => ({ path, code, expected, received }));
    };
    const at = (key: string) => `layers[0].properties.${key}`;
    const range = (key: string, min: number, max: number, received: number) => [
      { path: at(key), code: 'out_of_range', expected: { min, max }, received },
    ];
    const integer = (key: string, received: number) => [{ path: at(key), code: 'invalid_payload', expected: undefined, received }];
    const shadowed = (type: string, group: string, field: string, v: number) =>
      layer(type, {
        ...(type === 'shape' ? { shape: 'rectangle' } : { payload: 'Go' }),
        ...(type === 'button' ? { font_size: 20 } : {}),
        [group]: { color: '#000000', [field]: v },
      });
    type Expected = { path: string; code: string; expected: unknown; received: unknown }[];
    const cases: [string, unknown, Expected][] = [
      ['shadow.blur 0', shadowed('shape', 'shadow', 'blur', 0), []],
      ['shadow.blur 200', shadowed('shape', 'shadow', 'blur', 200), []],
      ['shadow.blur 201', shadowed('shape', 'shadow', 'blur', 201), range('shadow.blur', 0, 200, 201)],
      ['shadow.blur -1', shadowed('shape', 'shadow', 'blur', -1), range('shadow.blur', 0, 200, -1)],
      [
        'shadow.blur 1500 (past the stored range too: one issue)',
        shadowed('shape', 'shadow', 'blur', 1500),
        range('shadow.blur', 0, 200, 1500),
      ],
      ['text_shadow.blur 200', shadowed('button', 'text_shadow', 'blur', 200), []],
      ['text_shadow.blur 201', shadowed('button', 'text_shadow', 'blur', 201), range('text_shadow.blur', 0, 200, 201)],
      ['shadow.offset_x -200', shadowed('shape', 'shadow', 'offset_x', -200), []],
      ['shadow.offset_x -201', shadowed('shape', 'shadow', 'offset_x', -201), range('shadow.offset_x', -200, 200, -201)],
      ['shadow.offset_y 200', shadowed('shape', 'shadow', 'offset_y', 200), []],
      ['shadow.offset_y 201', shadowed('shape', 'shadow', 'offset_y', 201), range('shadow.offset_y', -200, 200, 201)],
      ['text_shadow.offset_x 201', shadowed('button', 'text_shadow', 'offset_x', 201), range('text_shadow.offset_x', -200, 200, 201)],
      ['star_count 5', layer('rating', { star_count: 5 }), []],
      ['star_count 6', layer('rating', { star_count: 6 }), range('star_count', 5, 5, 6)],
      ['star_count 4', layer('rating', { star_count: 4 }), range('star_count', 5, 5, 4)],
      ['rating_score 0', layer('rating', { rating_score: 0 }), []],
      ['rating_score 100', layer('rating', { rating_score: 100 }), []],
      ['rating_score 50.5', layer('rating', { rating_score: 50.5 }), integer('rating_score', 50.5)],
      ['opacity 0', layer('shape', { shape: 'rectangle', opacity: 0 }), []],
      ['opacity 100', layer('shape', { shape: 'rectangle', opacity: 100 }), []],
      ['opacity 40.5', layer('shape', { shape: 'rectangle', opacity: 40.5 }), integer('opacity', 40.5)],
      ['rotation 0', layer('shape', { shape: 'rectangle', rotation: 0 }), []],
      ['rotation 360', layer('shape', { shape: 'rectangle', rotation: 360 }), []],
      ['rotation 12.5', layer('shape', { shape: 'rectangle', rotation: 12.5 }), []],
      ['rotation -1', layer('shape', { shape: 'rectangle', rotation: -1 }), range('rotation', 0, 360, -1)],
      ['rotation 361', layer('shape', { shape: 'rectangle', rotation: 361 }), range('rotation', 0, 360, 361)],
      ['a text rotation -1', layer('text', { payload: 'Hi', font_size: 20, rotation: -1 }), range('rotation', 0, 360, -1)],
    ];
    it.each(cases)('%s', (_, payload, expected) => {
      expect(onWrite(payload)).toEqual(expected);
    });

    it("checks a per-format bag at its path, beside the layer's other issues", () => {
      const payload = {
        ...starter(),
        formats: [
          { name: 'square', width: 100, height: 100 },
          { name: 'story', width: 100, height: 200 },
        ],
        layers: [
          {
            name: 'stars',
            type: 'rating',
            layout: box,
            properties: { default: { star_count: 5, star_color: 'red' }, story: { star_count: 6, shadow: { blur: 201 } } },
          },
        ],
      };
      expect(issues(payload).sort()).toEqual(
        [
          'layers[0].properties.default.star_color invalid_payload',
          'layers[0].properties.story.star_count out_of_range',
          'layers[0].properties.story.shadow.blur out_of_range',
        ].sort(),
      );
    });

    it('reads a stored design past them (the editor, stored: true) and keeps its values', () => {
      const stored = {
        ...starter(),
        layers: [
          { name: 'stars', type: 'rating', layout: box, properties: { star_count: 6, rating_score: 50.5 } },
          {
            name: 'badge',
            type: 'shape',
            layout: box,
            properties: { shape: 'rectangle', opacity: 40.5, rotation: -1, shadow: { color: '#000000', blur: 201 } },
          },
        ],
      };
      expect(parseImportPayload(stored).ok).toBe(false);
      const r = parseImportPayload(stored, { stored: true });
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      if (r.design.type !== 'static') throw new Error('static');
      expect(r.design.elements[0]?.properties).toMatchObject({ star_count: 6, rating_score: 50.5 });
      expect(r.design.elements[1]?.properties).toMatchObject({ opacity: 40.5, rotation: -1, shadow_blur: 201 });
      // Past the stored range, a stored design is still refused, with that range.
      const past = parseImportPayload(shadowed('shape', 'shadow', 'blur', 1500), { stored: true });
      expect(past.ok ? [] : past.issues).toMatchObject([{ path: 'layers[0].properties.shadow.blur', expected: { min: 0, max: 1000 } }]);
    });
  });

  it('refuses a layout or properties that mix the flat and per-format forms', () => {
    const p = starter() as { layers: Record<string, unknown>[] };
    p.layers[0]!.layout = { x: 0, y: 0, width: 10, height: 10, square: { x: 0, y: 0, width: 1, height: 1 } };
    p.layers[1]!.properties = { default: { payload: 'x', font_size: 10 }, color: '#FFFFFF', story: {} };
    expect(issues(p).sort()).toEqual(
      [
        'layers[0].layout.square mutually_exclusive',
        'layers[1].properties.color mutually_exclusive',
        'layers[1].properties.story unknown_format_key',
      ].sort(),
    );
  });

  it('answers unknown_font for a font the catalogue does not have, wherever it is set', () => {
    const p = starter() as { layers: Record<string, unknown>[] };
    p.layers[1]!.properties = { default: { payload: 'x', font_size: 10, font: 'Comic Serif' }, square: { font: 'Inter' } };
    const r = parseImportPayload(p, { knownFont: (name) => name === 'Inter' });
    expect(r.ok ? [] : r.issues.map((i) => `${i.path} ${i.code}`)).toEqual(['layers[1].properties.default.font unknown_font']);
    expect(parseImportPayload(starter(), { knownFont: (name) => name === 'Inter' }).ok).toBe(true);
  });

  it('refuses reserved format names and keeps enums case-sensitive', () => {
    const p = starter();
    p.formats[0]!.name = 'default';
    expect(issues(p)).toContain('formats[0].name reserved_format_name');
  });

  it('expands #RGB and #RGBA', () => {
    const p = starter();
    p.formats[0]!.background_color = '#0a3';
    const r = parseImportPayload(p);
    expect(r.ok && r.design.type === 'static' && r.design.formats[0]?.background_color).toBe('#00AA33');
  });

  it('reads printer, multipage and animated payloads', () => {
    const printer = parseImportPayload({
      name: 'Flyer',
      type: 'printer',
      unit: 'mm',
      target: { kind: 'workspace_template' },
      formats: [{ name: 'a5', width: 148, height: 210, bleed_size: 3, background_color: 'cmyk(0,0,0,0)' }],
      layers: [
        {
          name: 'box',
          type: 'shape',
          layout: { x: 10.5, y: 10, width: 50.25, height: 20 },
          properties: { stroke: { width: 0.5, color: 'cmyk(0,0,0,100)' } },
        },
      ],
    });
    expect(printer.ok).toBe(true);
    const multipage = parseImportPayload({
      name: 'Brochure',
      type: 'printer_multipage',
      unit: 'mm',
      width: 210,
      height: 297,
      bleed_size: 3,
      target: { kind: 'workspace_template' },
      pages: [
        {
          background_color: '#FFFFFF',
          layers: [
            { name: 't', type: 'text', layout: { x: 10, y: 10, width: 100, height: 20 }, properties: { payload: 'Hi', font_size: 12 } },
          ],
        },
        { layers: [] },
      ],
    });
    if (!multipage.ok) throw new Error(JSON.stringify(multipage.issues));
    expect(multipage.design.type === 'printer_multipage' && multipage.design.pages.map((p) => p.id)).toEqual(['page_1', 'page_2']);
    expect(
      issues({
        name: 'B',
        type: 'printer_multipage',
        target: { kind: 'workspace_template' },
        pages: [{ layers: [{ name: 't', type: 'shape', layout: { x: 'a', y: 0, width: 1, height: 1 } }] }],
      }).sort(),
    ).toEqual(
      ['height missing_required', 'pages[0].layers[0].layout.x wrong_type', 'unit missing_required', 'width missing_required'].sort(),
    );
    const animated = {
      name: 'Spot',
      type: 'animated',
      target: { kind: 'workspace_template' },
      animation: { duration: 8, screenshot_at_s: 8 },
      formats: [{ name: 'square', width: 1080, height: 1080 }],
      layers: [
        {
          name: 'v',
          type: 'video',
          layout: { x: 0, y: 0, width: 10, height: 10 },
          properties: { src: 'https://example.com/v.mp4', muted: true },
        },
      ],
    };
    const a = parseImportPayload(animated);
    if (!a.ok) throw new Error(JSON.stringify(a.issues));
    expect(a.design.type === 'animated' && a.design.elements[0]?.properties).toMatchObject({ video_muted: true });
    expect(issues({ ...animated, animation: { duration: 61 } })).toEqual(['animation.duration out_of_range']);
    expect(issues({ ...animated, animation: undefined })).toEqual(['animation missing_required']);
  });

  it("takes keyframes in the import's shape and in the design read's ({attr, data: {time}, easing}), and both alike", () => {
    const withKeyframes = (keyframes: unknown[]) => ({
      name: 'Tween',
      type: 'animated',
      target: { kind: 'workspace_template' },
      animation: { duration: 4 },
      formats: [{ name: 'square', width: 100, height: 100 }],
      layers: [
        {
          name: 'box',
          type: 'shape',
          layout: { x: 0, y: 0, width: 10, height: 10 },
          properties: { background_color: '#FF0000' },
          animation: { start_at_s: null, end_at_s: null, tweens: [{ id: 'in', type: 'fade', keyframes }] },
        },
      ],
    });
    const tweenOf = (payload: unknown) => {
      const r = parseImportPayload(payload);
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      return r.design.type === 'animated' ? r.design.elements[0]?.animation?.tweens : undefined;
    };
    const flat = tweenOf(
      withKeyframes([
        { time: 0.5, attr: { opacity: 0 }, easing: 'ease-out' },
        { time: 1.5, attr: { opacity: 1 } },
      ]),
    );
    const read = tweenOf(
      withKeyframes([
        { attr: { opacity: 0 }, data: { time: 0.5 }, easing: 'ease-out' },
        { attr: { opacity: 1 }, data: { time: 1.5 }, easing: 'linear' },
      ]),
    );
    expect(read).toEqual(flat);
    expect(read).toEqual([
      {
        id: 'in',
        type: 'fade',
        keyframes: [
          { time: 0.5, attr: { opacity: 0 }, easing: 'ease-out' },
          { time: 1.5, attr: { opacity: 1 }, easing: 'linear' },
        ],
      },
    ]);
    const at = 'layers[0].animation.tweens[0].keyframes';
    expect(issues(withKeyframes([{ attr: { opacity: 0 } }, { time: 1, attr: { opacity: 1 } }]))).toEqual([
      `${at}[0].time missing_required`,
    ]);
    expect(
      issues(
        withKeyframes([
          { time: 0, data: { time: 0 }, attr: { opacity: 0 } },
          { time: 1, attr: { opacity: 1 } },
        ]),
      ),
    ).toEqual([`${at}[0].data mutually_exclusive`]);
    expect(
      issues(
        withKeyframes([
          { data: { time: -1 }, attr: { opacity: 0 } },
          { data: { at: 1 }, attr: { opacity: 1 } },
        ]),
      ),
    ).toEqual([`${at}[0].data.time out_of_range`, `${at}[1].data.time missing_required`, `${at}[1].data.at unknown_field`]);
  });

  it("maps the drawn layer types' import spellings, and refuses what cannot be drawn at its import path", () => {
    const box = { x: 0, y: 0, width: 100, height: 100 };
    const r = parseImportPayload({
      ...starter(),
      layers: [
        { name: 'star', type: 'shape', layout: box, properties: { shape: 'star_6', radius: 8, stroke: { color: '#000000', width: 2 } } },
        { name: 'fits', type: 'text', layout: box, properties: { payload: 'Hi', font_size: 40, min_font_size: 12, text_align: 'right' } },
        { name: 'fixed', type: 'text', layout: box, properties: { payload: 'Hi', font_size: 40, min_font_size: 12, auto_resize: false } },
        { name: 'qr', type: 'qrcode', layout: box, properties: { payload: 'https://example.com', margin: 4, icon_src: 'icon.png' } },
        {
          name: 'photo',
          type: 'image',
          layout: box,
          properties: { src: 'https://example.com/a.png', mask_name: 'rounded_corners', mask_properties: { radius: 12 } },
        },
        {
          name: 'emoji',
          type: 'illustration',
          layout: box,
          properties: { illustration_type: 'twemoji', illustration_file: 'tropical_fish' },
        },
        { name: 'stars', type: 'rating', layout: box, properties: {} },
        {
          name: 'brand',
          type: 'logo',
          layout: box,
          properties: { src: 'https://example.com/l.png', radius: { tl: 4, tr: 0, br: 4, bl: 0 } },
        },
      ],
    });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    if (r.design.type !== 'static') throw new Error('static expected');
    const [star, fits, fixed, qr, photo, emoji, , brand] = r.design.elements.map((e) => e.properties as unknown as Record<string, unknown>);
    // Abyssale's logo page documents radius: it rounds the logo's box.
    expect(brand).toMatchObject({ border_radius: { tl: 4, tr: 0, br: 4, bl: 0 } });
    expect(star).toMatchObject({ shape_type: 'star_6', border_radius: 8, stroke_color: '#000000', stroke_width: 2 });
    // min_font_size without auto_resize: Abyssale's fitting from font_size down; an explicit false wins.
    expect(fits).toMatchObject({ auto_resize: true, min_font_size: 12, alignment: 'right' });
    expect(fixed).toMatchObject({ auto_resize: false });
    expect(qr).toMatchObject({ margin: 4, image_url: 'asset:icon.png' });
    expect(photo).toMatchObject({ image_url: 'https://example.com/a.png', mask_properties: { radius: 12 } });
    expect(emoji).toMatchObject({ illustration_type: 'twemoji', illustration_file: 'tropical_fish' });

    expect(
      issues({
        ...starter(),
        layers: [
          { name: 'logo', type: 'logo', layout: box, properties: { src: 'https://example.com/l.png', radius: 4 } },
          { name: 'ill', type: 'illustration', layout: box, properties: { illustration_type: 'undraw', illustration_file: 'x' } },
          { name: 'blob', type: 'shape', layout: box, properties: { shape: 'blob' } },
        ],
      }),
    ).toEqual(['layers[1].properties.illustration_type unsupported_for_type', 'layers[2].properties.shape unknown_enum_value']);
  });

  describe('a data: URI source is decoded at POST: one that is not the media of its property is refused', () => {
    const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString('base64');
    const box = { x: 0, y: 0, width: 10, height: 10 };
    const withSource = (type: string, properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      ...starter(),
      ...extra,
      layers: [{ name: 'media', type, layout: box, properties }],
    });
    const animated = { type: 'animated', animation: { duration: 5 } };

    it.each([
      ['an image declared as HTML', withSource('image', { src: 'data:text/html;base64,PGgxPg==' }), 'layers[0].properties.src'],
      ['an image whose bytes are not one', withSource('image', { src: 'data:image/png;base64,PGgxPg==' }), 'layers[0].properties.src'],
      ['an image whose body is not base64', withSource('image', { src: 'data:image/png;base64,!!!' }), 'layers[0].properties.src'],
      [
        'a qrcode icon that is text',
        withSource('qrcode', { payload: 'x', icon_src: 'data:text/plain,hello' }),
        'layers[0].properties.icon_src',
      ],
      ['a video declared as an image', withSource('video', { src: `data:image/png;base64,${PNG}` }, animated), 'layers[0].properties.src'],
    ])('%s', (_label, payload, path) => {
      expect(issues(payload)).toEqual([`${path} invalid_asset`]);
    });

    it.each([
      ['a PNG', withSource('image', { src: `data:image/png;base64,${PNG}` })],
      ['an SVG, base64 or as text', withSource('logo', { src: 'data:image/svg+xml;base64,PHN2Zy8+' })],
      ['an SVG as text', withSource('image', { src: 'data:image/svg+xml,%3Csvg%2F%3E' })],
      ['a video', withSource('video', { src: 'data:video/mp4;base64,AAAAIGZ0eXBpc29t' }, animated)],
    ])('takes %s', (_label, payload) => {
      const r = parseImportPayload(payload);
      expect(r.ok, JSON.stringify(!r.ok && r.issues)).toBe(true);
    });
  });
});
