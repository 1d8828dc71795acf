import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '../../errors/app-error.js';
import { parseDesignDocument } from './document.js';

const text = (extra: Record<string, unknown> = {}) => ({
  name: 'headline',
  type: 'text',
  layout: { square: { x: 0, y: 0, width: 500, height: 100 } },
  properties: { payload: 'Hello', font: 'Inter', font_size: 40, ...extra },
});
const doc = (over: Record<string, unknown> = {}) => ({
  name: 'Test',
  type: 'static',
  formats: [{ name: 'square', width: 1080, height: 1080 }],
  elements: [text()],
  ...over,
});

function issues(json: unknown): FieldIssue[] {
  const r = parseDesignDocument(json);
  if (r.ok) throw new Error('expected the document to be refused');
  return r.issues;
}
function warnings(json: unknown) {
  const r = parseDesignDocument(json);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return { design: r.design, warnings: r.warnings };
}

describe('parseDesignDocument: refusals', () => {
  it('reports a format width outside 1-5000 at its path, with bounds and the value', () => {
    expect(issues(doc({ formats: [{ name: 'square', width: 5001, height: 1080 }] }))).toEqual([
      {
        path: 'formats[0].width',
        code: 'out_of_range',
        message: 'must be between 1 and 5000',
        expected: { min: 1, max: 5000 },
        received: 5001,
      },
    ]);
    expect(issues(doc({ formats: [{ name: 'square', width: 0, height: 1080 }] }))[0]?.code).toBe('out_of_range');
  });

  it('requires integer pixels on static designs but floats are fine on print', () => {
    expect(issues(doc({ formats: [{ name: 'square', width: 100.5, height: 10 }] }))[0]).toMatchObject({
      path: 'formats[0].width',
      code: 'invalid_payload',
    });
    const print = warnings({
      ...doc({ type: 'printer', print: { unit: 'mm' } }),
      formats: [{ name: 'square', width: 148.5, height: 210 }],
    });
    expect(print.design.type === 'printer' && print.design.formats[0]?.width).toBe(148.5);
  });

  it('names missing required fields, top-level and per layer type', () => {
    expect(issues({ type: 'static', formats: [] })).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'name', code: 'missing_required' })]),
    );
    const els = [{ ...text(), properties: { font: 'Inter', font_size: 12 } }];
    expect(issues(doc({ elements: els }))).toEqual([
      { path: 'elements[0].properties.payload', code: 'missing_required', message: 'is required' },
    ]);
  });

  it('takes the pattern and duotone names a request may send, and no others (one value set each)', () => {
    const shape = (props: Record<string, unknown>) => ({
      name: 'box',
      type: 'shape',
      layout: { square: { x: 0, y: 0, width: 10, height: 10 } },
      properties: props,
    });
    const image = (props: Record<string, unknown>) => ({ ...shape({ image_url: 'https://example.com/a.png', ...props }), type: 'image' });
    expect(issues(doc({ elements: [shape({ pattern_name: 'dots' })] }))[0]).toMatchObject({ path: 'elements[0].properties.pattern_name' });
    expect(warnings(doc({ elements: [shape({ pattern_name: 'bubbles' })] })).design).toBeDefined();
    expect(issues(doc({ elements: [image({ filter_properties: { name: 'pink' } })] }))[0]).toMatchObject({
      path: 'elements[0].properties.filter_properties.name',
    });
    expect(warnings(doc({ elements: [image({ filter_properties: { name: 'blue_green' } })] })).design).toBeDefined();
  });

  it('refuses unknown fields at the exact key', () => {
    expect(issues(doc({ colour: 'red' }))).toEqual([{ path: 'colour', code: 'unknown_field', message: 'unknown field colour' }]);
    expect(issues(doc({ elements: [text({ wobble: 3 })] }))[0]).toMatchObject({
      path: 'elements[0].properties.wobble',
      code: 'unknown_field',
    });
  });

  it('refuses unknown enum values with the allowed list', () => {
    const [issue] = issues(doc({ type: 'gif' }));
    expect(issue).toMatchObject({ path: 'type', code: 'unknown_enum_value', received: 'gif' });
    expect(issue?.expected).toEqual(['static', 'animated', 'printer', 'printer_multipage']);
    expect(issues(doc({ elements: [{ ...text(), type: 'sticker' }] }))[0]).toMatchObject({
      path: 'elements[0].type',
      code: 'unknown_enum_value',
    });
    expect(issues(doc({ elements: [text({ text_transform: 'shout' })] }))[0]).toMatchObject({
      path: 'elements[0].properties.text_transform',
      code: 'unknown_enum_value',
    });
  });

  it('refuses layers and features the design type does not support', () => {
    const video = {
      name: 'clip',
      type: 'video',
      layout: { square: { x: 0, y: 0, width: 1, height: 1 } },
      properties: { video_url: 'https://x.test/a.mp4' },
    };
    expect(issues(doc({ elements: [video] }))[0]).toMatchObject({ path: 'elements[0].type', code: 'unsupported_for_type' });
    expect(issues(doc({ elements: [{ ...text(), type: 'container' }] }))[0]).toMatchObject({ code: 'unsupported_for_type' });
    expect(issues(doc({ formats: [{ name: 'square', width: 10, height: 10, unit: 'mm' }] }))[0]).toMatchObject({
      path: 'formats[0].unit',
      code: 'unsupported_for_type',
    });
    expect(issues(doc({ pages: [] }))[0]).toMatchObject({ path: 'pages', code: 'unsupported_for_type' });
  });

  it('imports an animated code layer with a layer_not_drawn warning, since the farm never runs its HTML', () => {
    const code = {
      name: 'snippet',
      type: 'code',
      layout: { square: { x: 0, y: 0, width: 10, height: 10 } },
      properties: { html: '<b>hi</b>' },
    };
    const { warnings: w } = warnings(doc({ type: 'animated', animation: { duration: 2 }, elements: [text(), code] }));
    expect(w).toEqual([expect.objectContaining({ code: 'layer_not_drawn', path: 'elements[1].type', layer: 'snippet' })]);
  });

  it('refuses a gradient on print text but accepts it on a print shape', () => {
    const gradient = 'linear-gradient(0% 0% 100% 0%,0% cmyk(0,0,0,100) 1,100% cmyk(0,100,0,0) 1)';
    const print = { type: 'printer', print: { unit: 'mm' } };
    expect(issues(doc({ ...print, elements: [text({ color: gradient })] }))[0]).toMatchObject({
      path: 'elements[0].properties.color',
      code: 'invalid_payload',
    });
    const shape = {
      name: 'bg',
      type: 'shape',
      layout: { square: { x: 0, y: 0, width: 1, height: 1 } },
      properties: { background_color: gradient },
    };
    expect(parseDesignDocument(doc({ ...print, elements: [shape] })).ok).toBe(true);
  });

  it('checks layer names, format keys, groups and assets across the document', () => {
    expect(issues(doc({ elements: [text(), text()] }))[0]).toMatchObject({ path: 'elements[1].name', code: 'duplicate_layer_name' });
    expect(
      issues(
        doc({
          formats: [
            { name: 'a', width: 1, height: 1 },
            { name: 'a', width: 1, height: 1 },
          ],
          elements: [],
        }),
      )[0],
    ).toMatchObject({
      code: 'duplicate_format_name',
    });
    expect(issues(doc({ elements: [{ ...text(), layout: { nope: { x: 0, y: 0, width: 1, height: 1 } } }] }))[0]).toMatchObject({
      path: 'elements[0].layout.nope',
      code: 'unknown_format_key',
    });
    const group = (name: string, ids: string[]) => ({
      name,
      type: 'group',
      layout: { square: { x: 0, y: 0, width: 1, height: 1 } },
      layer_ids: ids,
    });
    expect(issues(doc({ elements: [text(), group('g', ['ghost'])] }))[0]).toMatchObject({ path: 'elements[1].layer_ids[0]' });
    expect(issues(doc({ elements: [group('a', ['b']), group('b', ['a'])] })).some((i) => i.message.includes('cycle'))).toBe(true);
    const image = {
      name: 'pic',
      type: 'image',
      layout: { square: { x: 0, y: 0, width: 1, height: 1 } },
      properties: { image_url: 'asset:missing' },
    };
    expect(issues(doc({ elements: [image] }))[0]).toMatchObject({ path: 'elements[0].properties.image_url', code: 'unreachable_src' });
  });

  it('needs min_font_size when auto_resize is on in any format', () => {
    const el = { ...text(), overrides: { square: { auto_resize: true } } };
    expect(issues(doc({ elements: [el] }))[0]).toMatchObject({ code: 'conditional_dependency_missing' });
  });

  it('reports every problem of a document in one answer', () => {
    const bad = doc({ formats: [{ name: 'square', width: 9000, height: 1080 }], elements: [text({ font_size: 0 })] });
    expect(issues(bad).map((i) => i.path)).toEqual(['formats[0].width', 'elements[0].properties.font_size']);
  });
});

describe('parseDesignDocument: warnings and normalisation', () => {
  it('rounds an off-grid font weight and says so', () => {
    const { design, warnings: w } = warnings(doc({ elements: [text({ font_weight: 640 })] }));
    expect(design.type !== 'printer_multipage' && design.elements[0]?.properties).toMatchObject({ font_weight: 600 });
    expect(w).toEqual([
      expect.objectContaining({ code: 'font_weight_adjusted', path: 'elements[0].properties.font_weight', layer: 'headline' }),
    ]);
  });

  it('drops a property of another layer type with property_dropped_for_type', () => {
    const { design, warnings: w } = warnings(doc({ elements: [text({ star_color: '#FF0000' })] }));
    expect(design.type !== 'printer_multipage' && 'star_color' in (design.elements[0]?.properties ?? {})).toBe(false);
    expect(w[0]).toMatchObject({ code: 'property_dropped_for_type', path: 'elements[0].properties.star_color' });
  });

  it('converts solid colors to the design color space (color_converted)', () => {
    const rgb = warnings(doc({ elements: [text({ color: 'cmyk(0,100,100,0)' })] }));
    expect(rgb.design.type === 'static' && rgb.design.elements[0]?.properties).toMatchObject({ color: '#FF0000' });
    expect(rgb.warnings[0]).toMatchObject({ code: 'color_converted' });
    const print = warnings(doc({ type: 'printer', print: { unit: 'mm' }, elements: [text({ color: '#FF0000' })] }));
    expect(print.design.type === 'printer' && print.design.elements[0]?.properties).toMatchObject({ color: 'cmyk(0,100,100,0)' });
  });

  it('writes a converted color upper-case, with alpha only below full opacity', () => {
    const cases: [string, boolean, string][] = [
      ['cmyka(0,0,0,100,50)', false, '#00000080'],
      ['cmyka(0,100,100,0,100)', false, '#FF0000'],
      ['#FFFFFF80', true, 'cmyka(0,0,0,0,50)'],
      ['#000000ff', true, 'cmyk(0,0,0,100)'],
    ];
    for (const [color, print, expected] of cases) {
      const over = print ? { type: 'printer', print: { unit: 'mm' } } : {};
      const { design } = warnings(doc({ ...over, elements: [text({ color })] }));
      const first = 'elements' in design ? design.elements[0] : undefined;
      expect((first?.properties as { color?: string } | undefined)?.color, color).toBe(expected);
    }
  });

  it('defaults print settings when a printer payload has none (print_settings_not_recoverable)', () => {
    const { design, warnings: w } = warnings(doc({ type: 'printer', formats: [{ name: 'square', width: 8.5, height: 11, unit: 'in' }] }));
    expect(design.type === 'printer' && design.print).toEqual({ unit: 'in', dpi: 300, bleed: 0, safe: 0 });
    expect(w.map((x) => x.code)).toEqual(['print_settings_not_recoverable']);
  });

  it('refuses a DPI above 300', () => {
    expect(issues(doc({ type: 'printer', print: { unit: 'mm', dpi: 600 } }))[0]).toMatchObject({ path: 'print.dpi', code: 'out_of_range' });
  });

  it('derives the timeline length from the layers (animation_duration_derived)', () => {
    const anim = {
      start_at_s: 0.5,
      end_at_s: 4.25,
      tweens: [
        {
          type: 'fade',
          keyframes: [
            { time: 0.5, attr: { opacity: 0 } },
            { time: 1, attr: { opacity: 1 } },
          ],
        },
      ],
    };
    const { design, warnings: w } = warnings(doc({ type: 'animated', elements: [{ ...text(), animation: anim }] }));
    expect(design.type === 'animated' && design.animation).toEqual({ duration: 4.25, screenshot_at_s: 4.25 });
    expect(w.map((x) => x.code)).toEqual(['animation_duration_derived']);
    expect(design.type === 'animated' && design.elements[0]?.animation?.tweens[0]?.id).toBe('headline-fade-0');
  });

  it('refuses keyframes missing their attribute and tweens that outlast the timeline', () => {
    const slide = (first: Record<string, number>) => ({
      tweens: [
        {
          type: 'slide',
          keyframes: [
            { time: 0, attr: first },
            { time: 9, attr: { left: 10, top: 0 } },
          ],
        },
      ],
    });
    const animated = (anim: unknown) => doc({ type: 'animated', animation: { duration: 5 }, elements: [{ ...text(), animation: anim }] });
    expect(issues(animated(slide({ left: 0 })))).toEqual([
      expect.objectContaining({ path: 'elements[0].animation.tweens[0].keyframes[0].attr.top', code: 'missing_required' }),
    ]);
    expect(issues(animated(slide({ left: 0, top: 0 })))).toEqual([
      expect.objectContaining({ path: 'animation.duration', code: 'out_of_range' }),
    ]);
  });

  it('collects variables from payloads', () => {
    const { design } = warnings(doc({ elements: [text({ payload: 'Hi {first_name}, {city} awaits' })] }));
    expect(design.variables).toEqual({ city: '{city}', first_name: '{first_name}' });
  });

  it('numbers multipage pages and refuses ids out of order', () => {
    const page = { elements: [{ ...text(), layout: { x: 1.5, y: 2, width: 100, height: 20 } }] };
    const base = { name: 'Cat', type: 'printer_multipage', print: { unit: 'mm' }, page_size: { width: 210, height: 297 } };
    const { design } = warnings({ ...base, pages: [page, page] });
    expect(design.type === 'printer_multipage' && design.pages.map((p) => p.id)).toEqual(['page_1', 'page_2']);
    expect(issues({ ...base, pages: [{ ...page, id: 'page_2' }] })[0]).toMatchObject({ path: 'pages[0].id' });
  });
});

describe('parseDesignDocument: text alignment', () => {
  // The design model and the overrides accept the same set: every value of the SDK's TextAlignment.
  it.each(['middle justify-right', 'bottom justify-left', 'justify', 'custom custom'])('accepts %s on a text layer', (alignment) => {
    expect(warnings(doc({ elements: [text({ alignment })] })).design.type).toBe('static');
  });
  it('refuses a value outside the set', () => {
    expect(issues(doc({ elements: [text({ alignment: 'sideways' })] }))[0]?.path).toBe('elements[0].properties.alignment');
  });
});
