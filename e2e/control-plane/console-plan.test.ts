import { describe, expect, it } from 'vitest';

// The console's plan is a browser module (plain JS, no build): loaded by URL so the type checker,
// which reads no JavaScript here, leaves it alone.
const PLAN = new URL('../../control-plane/console/plan.js', import.meta.url).href;
const plan = await import(PLAN);

const staticRead = {
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
    expect(layers[2].props.map((p: { id: string }) => p.id)).toEqual(['payload', 'color', 'font_size']);
    expect(layers[2].props[2].value).toBe(60);
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
    expect(d.layersOf('page_1')[0].props[0]).toMatchObject({ id: 'payload', value: 'Brew' });
  });

  it('picks a control by property', () => {
    expect(plan.controlFor('payload', 'x').kind).toBe('text');
    expect(plan.controlFor('stroke_color', '#fff').kind).toBe('color');
    expect(plan.controlFor('font', 'uuid').kind).toBe('font');
    expect(plan.controlFor('image_url', 'https://x').kind).toBe('source');
    expect(plan.controlFor('image_url', 'https://x').encoded).toBe('image_encoded');
    expect(plan.controlFor('hidden', false).kind).toBe('switch');
    expect(plan.controlFor('opacity', 100).kind).toBe('number');
    expect(plan.controlFor('font_weight', 700).kind).toBe('select');
    expect(plan.controlFor('first_name', '{x}', 'variables').kind).toBe('text');
    expect(plan.isMainProp('text', 'payload')).toBe(true);
    expect(plan.isMainProp('text', 'skew_y')).toBe(false);
    expect(plan.isMainProp('variables', 'first_name')).toBe(true);
  });

  it('maps every error path the API gives onto the field it came from', () => {
    expect(plan.fieldKeyOfPath('elements.title.color')).toBe(plan.fieldKey('title', 'color'));
    expect(plan.fieldKeyOfPath('pages.page_2.title.color')).toBe(plan.fieldKey('title', 'color'));
    expect(plan.fieldKeyOfPath('elements.photo.image_encoded')).toBe(plan.fieldKey('photo', 'image_url'));
    expect(plan.fieldKeyOfPath('template_format_name')).toBeNull();
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
      pages: [{ id: 'page_1' }, { id: 'page_2' }],
      elements_per_page: {},
    });
    expect(plan.buildBody(m, { frame: 'page_2', changes: { page_2: { t: { payload: 'x' } } } })).toEqual({
      pages: { page_1: {}, page_2: { t: { payload: 'x' } } },
    });
    expect(plan.endpointFor(m, false).path).toBe('/async/banner-builder/m/generate-multipage-pdf');
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
    expect(plan.coerce('number', '12', 1)).toBe(12);
    expect(plan.coerce('number', 'abc', 1)).toBe('abc');
    expect(plan.fileKind('mp4')).toBe('video');
    expect(plan.fileKind('zip')).toBe('html5');
  });
});
