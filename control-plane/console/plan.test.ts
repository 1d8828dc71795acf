import { describeLayerProperties } from '@pressroom/model';
import { describe, expect, it } from 'vitest';

// The console's plan (plan.ts): what the playground shows and sends.
import * as plan from './plan.js';

const staticRead: plan.DesignRead = {
  id: 'd1',
  name: 'Summer',
  type: 'static',
  formats: [
    { id: 'square', width: 1080, height: 1080, unit: 'px', preview_url: 'http://x/p.png' },
    { id: 'story', width: 1080, height: 1920, unit: 'px' },
  ],
  variables: { first_name: 'friend' },
  elements: [
    { name: 'root', type: 'container', attributes: [{ id: 'background_color', help: 'bg', values: { square: '#112233' } }] },
    {
      name: 'title',
      type: 'text',
      attributes: [
        { id: 'font_size', help: '', values: { square: 40, story: 60 } },
        { id: 'payload', help: 'Text', values: { square: 'Hi', story: 'Hi' } },
        { id: 'color', help: '', values: { square: '#ffffff' } },
      ],
    },
    { name: 'snippet', type: 'code', attributes: [] },
  ],
};

describe('console plan', () => {
  it('normalises a format design: variables first, targetable layers, most-used properties first', () => {
    const d = plan.normalizeDesign(staticRead);
    expect(d.frames.map((f: { id: string }) => f.id)).toEqual(['square', 'story']);
    const layers = d.layersOf('story');
    expect(layers.map((l: { name: string }) => l.name)).toEqual(['vars', 'root', 'title']);
    expect(layers[2]!.props.map((p: { id: string }) => p.id)).toEqual(['payload', 'color', 'font_size']);
    expect(layers[2]!.props[2]!.value).toBe(60);
  });

  it('offers a group layer (the catalogue lets a request set its hidden, opacity, gap and mask), not a code layer', () => {
    const read: plan.DesignRead = {
      ...staticRead,
      elements: [
        ...(staticRead.elements ?? []),
        { name: 'cluster', type: 'group', attributes: [{ id: 'opacity', values: { square: 1 } }] },
      ],
    };
    expect(
      plan
        .normalizeDesign(read)
        .layersOf('square')
        .map((l) => l.name),
    ).toEqual(['vars', 'root', 'title', 'cluster']);
  });

  it('normalises a multipage design page by page', () => {
    const d = plan.normalizeDesign({
      id: 'm',
      name: 'Cat',
      type: 'printer_multipage',
      pages: [{ id: 'page_1', width: 210, height: 297, unit: 'mm' }],
      elements_per_page: {
        page_1: [{ name: 'headline', type: 'text', attributes: { payload: { id: 'payload', help: '', value: 'Brew' } } }],
      },
    });
    expect(d.perFrame).toBe(true);
    expect(d.layersOf('page_1')[0]!.props[0]).toMatchObject({ id: 'payload', value: 'Brew' });
  });

  it('picks the control from the property kind, with the override bounds, and offers nothing that cannot be overridden', () => {
    const d = (extra: object) => ({ name: 'p', help: '', override: {}, ...extra });
    expect(plan.controlFor(d({ kind: 'text' }), 'text')).toEqual({ kind: 'text', multiline: true });
    expect(plan.controlFor(d({ kind: 'enum', values: ['a', 'b'], override: { values: ['a', 'b'] } }), 'text')).toEqual({
      kind: 'select',
      options: ['a', 'b'],
      numeric: false,
    });
    // An override range narrower than the design's: the field takes the override bounds, the range both.
    expect(plan.controlFor(d({ kind: 'number', min: 0, max: 1000, override: { min: 0, max: 40 } }), 'text')).toEqual({
      kind: 'number',
      min: 0,
      max: 40,
      step: 'any',
      range: { min: 0, max: 40 },
    });
    // Only a lower bound: the field has no max; the range falls back on the design's.
    expect(plan.controlFor(d({ kind: 'integer', min: 1, max: 2000, override: { min: 1 } }), 'text')).toMatchObject({
      min: 1,
      max: null,
      step: 1,
      range: { min: 1, max: 2000 },
    });
    expect(plan.controlFor(d({ kind: 'integer', override: { values: [100, 200] } }), 'text')).toEqual({
      kind: 'select',
      options: ['100', '200'],
      numeric: true,
    });
    expect(plan.controlFor(d({ kind: 'boolean' }), 'text')?.kind).toBe('switch');
    expect(plan.controlFor(d({ kind: 'color', color: 'solid' }), 'text')).toEqual({ kind: 'color', gradients: false });
    expect(plan.controlFor(d({ kind: 'font' }), 'text')?.kind).toBe('font');
    expect(plan.controlFor(d({ name: 'image_url', kind: 'url' }), 'image')).toEqual({ kind: 'source', encoded: 'image_encoded' });
    expect(plan.controlFor(d({ name: 'video_url', kind: 'url' }), 'video')).toEqual({ kind: 'source', encoded: null });
    expect(plan.controlFor(d({ kind: 'number', override: null }), 'text')).toBeNull();
    expect(plan.controlFor(d({ kind: 'object' }), 'image')).toBeNull();
    expect(plan.controlFor(d({ name: 'mask_properties.skew_y', kind: 'number', override: { min: -22, max: 22 } }), 'image')).toMatchObject({
      kind: 'number',
      min: -22,
      max: 22,
    });
    expect(plan.controlFor(d({ name: 'mask_properties.radius', kind: 'object' }), 'image')).toBeNull();
    expect(plan.controlFor(null, 'text')).toBeNull();
    expect(plan.controlFor({ name: 'background_color' }, 'container')?.kind).toBe('color');
    expect(plan.controlFor(null, 'variables')?.kind).toBe('text');
    expect(plan.isMainProp('text', 'payload')).toBe(true);
    expect(plan.isMainProp('text', 'skew_y')).toBe(false);
    expect(plan.isMainProp('variables', 'first_name')).toBe(true);
  });

  it("gives the editor a control within what the import takes, from GET /layer-properties' own descriptors", () => {
    const described = describeLayerProperties('static');
    const of = (type: string, name: string) => plan.editorControlFor(described[type as 'shape']!.find((d) => d.name === name)!, type);
    // Not overridable, and still offered: 0-360, as the import takes a rotation, one turn its arrow keys come round.
    expect(of('shape', 'rotation')).toEqual({ kind: 'number', min: 0, max: 360, step: 'any', range: { min: 0, max: 360 }, circular: true });
    // Whole percents, on the field and the slider.
    expect(of('shape', 'opacity')).toEqual({ kind: 'number', min: 0, max: 100, step: 1, range: { min: 0, max: 100 } });
    expect(of('rating', 'rating_score')).toMatchObject({ step: 1, range: { min: 0, max: 100 } });
    // A blur up to 200, where a request may send any.
    expect(of('shape', 'shadow_blur')).toMatchObject({ min: 0, max: 200, range: { min: 0, max: 200 } });
    expect(of('button', 'text_shadow_blur')).toMatchObject({ max: 200, range: { min: 0, max: 200 } });
    // One value: a choice of it (a rating's 5 stars).
    expect(of('rating', 'star_count')).toEqual({ kind: 'select', options: ['5'], numeric: true });
    // Without an import bound: the design range, as before.
    expect(of('text', 'letter_spacing')).toMatchObject({ min: null, max: null, range: { min: -100, max: 1000 } });
    // The playground's control stays the request's.
    expect(plan.controlFor(described.shape!.find((d) => d.name === 'opacity')!, 'shape')).toMatchObject({ step: 'any' });
  });

  it('builds a layer form: its own values first, then the other overridable properties of its type with their defaults', () => {
    const layer = plan.normalizeDesign(staticRead).layersOf('square')[2]!;
    const descriptors: plan.Descriptors = {
      text: [
        { name: 'rotation', kind: 'number', override: null, help: '' },
        { name: 'font_size', kind: 'integer', min: 1, max: 2000, override: { min: 1 }, help: '' },
        { name: 'payload', kind: 'text', override: {}, help: '' },
        { name: 'color', kind: 'color', color: 'rgb-fill', override: {}, help: '' },
        {
          name: 'text_transform',
          kind: 'enum',
          values: ['none', 'uppercase'],
          override: { values: ['none', 'uppercase'] },
          default: 'none',
          help: 'h',
        },
      ],
    };
    const form = plan.formOf(layer, descriptors);
    expect(form.map((p: { id: string }) => p.id)).toEqual(['payload', 'color', 'font_size', 'text_transform']);
    expect(form[3]).toMatchObject({ value: 'none', control: { kind: 'select' } });
    // An object property is not offered, its numeric field is, with the design's value.
    const photo = { name: 'photo', type: 'image', props: [{ id: 'mask_properties', help: '', value: { skew_y: 5 } }] };
    const imageForm = plan.formOf(photo, {
      image: [
        { name: 'mask_properties', kind: 'object', override: {}, help: '' },
        { name: 'mask_properties.skew_y', kind: 'number', min: -22, max: 22, override: { min: -22, max: 22 }, help: '' },
      ],
    });
    expect(imageForm.map((p: { id: string; value: unknown }) => [p.id, p.value])).toEqual([['mask_properties.skew_y', 5]]);
  });

  it('offers the AI operations the farm runs on image layers of the design type, and says why not for the others', () => {
    const op = (available: boolean, extra: object = {}) => ({
      available,
      design_types: ['static'],
      sync: true,
      reason: available ? null : 'set AI_X',
      ...extra,
    });
    const capabilities = {
      render_workers: 1,
      ai: {
        remove_bg: op(true),
        auto_focus: op(true, { design_types: ['static', 'animated', 'printer', 'printer_multipage'] }),
        upscale: op(true, { sync: false }),
        expand: op(false, { sync: false }),
        text_to_image: op(false, { sync: false }),
      },
    };
    const onStatic = plan.aiControlsFor('image', 'static', capabilities);
    expect(onStatic.offered.map((o: { op: string }) => o.op)).toEqual(['remove_bg', 'auto_focus', 'upscale']);
    expect(onStatic.unavailable).toEqual([
      { op: 'expand', reason: 'set AI_X' },
      { op: 'text_to_image', reason: 'set AI_X' },
    ]);
    const onAnimated = plan.aiControlsFor('image', 'animated', capabilities);
    expect(onAnimated.offered.map((o: { op: string }) => o.op)).toEqual(['auto_focus']);
    expect(onAnimated.unavailable[0]).toEqual({ op: 'remove_bg', reason: 'runs on static designs only' });
    expect(plan.aiControlsFor('text', 'static', capabilities)).toEqual({ offered: [], unavailable: [] });
    expect(plan.asyncOnly(capabilities)).toEqual(['upscale', 'expand', 'text_to_image']);
    const d = plan.normalizeDesign(staticRead);
    const changes = { all: { photo: { remove_bg: true, upscale: true } } };
    expect(
      plan.buildBody(d, { frame: 'square', fileType: '', changes, async: false, omit: plan.asyncOnly(capabilities) }).elements,
    ).toEqual({
      photo: { remove_bg: true },
    });
  });

  it('maps every error path the API gives onto the field it came from', () => {
    expect(plan.fieldKeyOfPath('elements.title.color')).toBe(plan.fieldKey('title', 'color'));
    expect(plan.fieldKeyOfPath('pages.page_2.title.color')).toBe(plan.fieldKey('title', 'color'));
    expect(plan.fieldKeyOfPath('elements.photo.image_encoded')).toBe(plan.fieldKey('photo', 'image_url'));
    expect(plan.fieldKeyOfPath('template_format_name')).toBeNull();
    expect(plan.fieldKeyOfPath('elements.photo.mask_properties.skew_y')).toBe(plan.fieldKey('photo', 'mask_properties.skew_y'));
    expect(plan.fieldKey('badge text', 'color')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('builds sync, async and multipage bodies with only the changed properties', () => {
    const d = plan.normalizeDesign(staticRead);
    const changes = { all: { title: { payload: 'Hello', color: undefined } } };
    expect(plan.buildBody(d, { frame: 'square', fileType: '', changes, async: false })).toEqual({
      template_format_name: 'square',
      elements: { title: { payload: 'Hello' } },
    });
    expect(plan.buildBody(d, { frame: 'story', fileType: 'png', changes, async: true })).toEqual({
      template_format_names: ['story'],
      image_file_type: 'png',
      elements: { title: { payload: 'Hello' } },
    });
    const m = plan.normalizeDesign({
      id: 'm',
      name: 'M',
      type: 'printer_multipage',
      pages: [
        { id: 'page_1', width: 210, height: 297 },
        { id: 'page_2', width: 210, height: 297 },
      ],
      elements_per_page: {},
    });
    expect(plan.buildBody(m, { frame: 'page_2', changes: { page_2: { t: { payload: 'x' } } } })).toEqual({
      pages: { page_1: {}, page_2: { t: { payload: 'x' } } },
    });
    expect(plan.endpointFor(m, false).path).toBe('/async/banner-builder/m/generate-multipage-pdf');
    // A nested field goes inside its object property.
    const nested = { all: { photo: { 'mask_properties.skew_y': 10, mask_name: 'parallelogram' } } };
    expect(plan.buildBody(d, { frame: 'square', fileType: '', changes: nested, async: false }).elements).toEqual({
      photo: { mask_properties: { skew_y: 10 }, mask_name: 'parallelogram' },
    });
    expect(plan.endpointFor(d, false).path).toBe('/banner-builder/d1/generate');
  });

  it('writes the same request as curl, Python SDK and Node', () => {
    const d = plan.normalizeDesign(staticRead);
    const body = { template_format_name: 'square', elements: { title: { payload: "It's on", hidden: false } } };
    const s = plan.snippets({ baseUrl: 'http://localhost:8080', apiKey: 'prk_k', design: d, endpoint: plan.endpointFor(d, false), body });
    expect(s.curl).toContain(`-d '{"template_format_name":"square","elements":{"title":{"payload":"It'\\''s on","hidden":false}}}'`);
    expect(s.curl).toContain('http://localhost:8080/banner-builder/d1/generate');
    expect(s.python).toContain('client.generate_image("d1", {');
    expect(s.python).toContain('"hidden": False');
    expect(s.node).toContain('\'x-api-key\': "prk_k"');
    expect(JSON.parse(s.node.slice(s.node.indexOf('JSON.stringify(') + 15, s.node.lastIndexOf('),')))).toEqual(body);
  });

  it('reads a swatch only from plain hex', () => {
    expect(plan.swatchOf('#AABBCC')).toBe('#aabbcc');
    expect(plan.swatchOf('cmyk(0,0,0,100)')).toBeNull();
    expect(plan.coerce({ kind: 'select', numeric: true }, '700')).toBe(700);
    expect(plan.fileKind('mp4')).toBe('video');
    expect(plan.fileKind('zip')).toBe('html5');
  });
});
