/**
 * fast-check arbitraries for design documents, for any test that needs many valid designs.
 * `designDocument()` yields raw stored documents that `parseDesignDocument` accepts; `design()`
 * yields them parsed; `importPayload()` yields them in the import format (Abyssale's).
 */
import fc from 'fast-check';
import { FRAME_SIZE } from '../design/frame-size.js';
import { toImportPayload } from '../design/import-format/serialize.js';
import { parseDesignDocument } from '../design/parse/document.js';
import type { Design } from '../design/types.js';
import { layerTypesFor } from '../properties/design-tables.js';
import type { DesignType, LayerType } from '../properties/layer-types.js';
import { SHAPE_TYPES } from '../properties/values.js';

type Json = Record<string, unknown>;

const FORMAT_NAMES = ['square', 'wide', 'story', 'banner', 'a4', 'leaderboard'];

const hex = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(([r, g, b]) => `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0').toUpperCase()).join('')}`);
const cmyk = fc.tuple(...[0, 1, 2, 3].map(() => fc.integer({ min: 0, max: 100 }))).map((v) => `cmyk(${v.join(',')})`);
const solid = (print: boolean) => (print ? cmyk : hex);
const gradient = (print: boolean) =>
  fc
    .tuple(solid(print), solid(print), fc.integer({ min: 0, max: 100 }), fc.constantFrom(0, 0.5, 1))
    .map(([a, b, x, o]) => `linear-gradient(0% 0% ${x}% 100%,0% ${a} 1,100% ${b} ${print ? 1 : o})`);

const words = fc.constantFrom(
  'Summer sale',
  'Hello {first_name}',
  'New in store',
  '40% off',
  'Book now',
  'Ünïcödé ✓',
  'Line one\nLine two',
);
const size = (print: boolean, min: number, max: number) =>
  print ? fc.integer({ min: min * 4, max: max * 4 }).map((n) => n / 4) : fc.integer({ min, max });

/** Required properties of each type, plus a few optional ones chosen at random. */
function properties(type: LayerType, print: boolean): fc.Arbitrary<Json> {
  const shared = fc.record(
    {
      hidden: fc.boolean(),
      opacity: fc.integer({ min: 0, max: 100 }),
      shadow_color: solid(print),
      shadow_blur: fc.integer({ min: 0, max: 40 }),
    },
    { requiredKeys: [] },
  );
  const typed: Record<LayerType, fc.Arbitrary<Json>> = {
    text: fc.record(
      {
        payload: words,
        font: fc.constantFrom('Inter', 'Montserrat', 'Playfair Display'),
        font_size: size(print, 8, 200),
        font_weight: fc.constantFrom(100, 400, 700, 900),
        color: print ? cmyk : fc.oneof(hex, gradient(false)),
        alignment: fc.constantFrom('top left', 'middle center', 'bottom right', 'justify'),
        text_transform: fc.constantFrom('none', 'uppercase'),
        side_border: fc.constantFrom('left', 'none'),
        max_lines: fc.integer({ min: 1, max: 5 }),
      },
      { requiredKeys: ['payload', 'font', 'font_size'] },
    ),
    button: fc.record(
      {
        payload: words,
        font: fc.constant('Inter'),
        font_size: size(print, 8, 120),
        background_color: fc.oneof(solid(print), gradient(print)),
        border_radius: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constant({ tl: 1, tr: 2, br: 3, bl: 4 })),
        icon_url: fc.constant('asset:icon'),
        text_align: fc.constantFrom('left', 'center', 'right'),
      },
      { requiredKeys: ['payload', 'font', 'font_size'] },
    ),
    image: fc.record(
      {
        image_url: fc.constantFrom('asset:photo', 'https://example.com/a.png'),
        fitting_type: fc.constantFrom('cover', 'fill'),
        mask_name: fc.constantFrom('circle', 'rounded_corners'),
        mask_properties: fc.constant({ radius: 12 }),
      },
      { requiredKeys: ['image_url'] },
    ),
    logo: fc.record(
      {
        image_url: fc.constant('asset:photo'),
        alignment: fc.constantFrom('middle left', 'top right'),
        zoom: fc.integer({ min: 10, max: 1000 }),
        position_offset_x: fc.integer({ min: -500, max: 500 }),
      },
      { requiredKeys: [] },
    ),
    shape: fc.record(
      {
        shape_type: fc.constantFrom(...SHAPE_TYPES),
        background_color: fc.oneof(solid(print), gradient(print)),
        stroke_width: fc.integer({ min: 0, max: 1000 }),
      },
      { requiredKeys: [] },
    ),
    illustration: fc.record(
      { illustration_file: fc.constant('asset:icon'), illustration_properties: solid(print).map((c) => ({ primary_color: c })) },
      { requiredKeys: ['illustration_file'] },
    ),
    rating: fc.record(
      { rating_score: fc.integer({ min: 0, max: 100 }), star_color: solid(print), star_count: fc.constant(5) },
      { requiredKeys: ['rating_score'] },
    ),
    qrcode: fc.record(
      {
        payload: fc.constantFrom('https://example.com/a?b=1', 'WIFI:S:cafe;T:WPA;P:secret;;', 'plain text', ''),
        foreground_color: solid(print),
        error_correction: fc.constantFrom('L', 'H'),
        margin: fc.integer({ min: 0, max: 100 }),
      },
      { requiredKeys: [] },
    ),
    video: fc.record(
      { video_url: fc.constant('asset:clip'), video_muted: fc.boolean(), max_volume: fc.double({ min: 0, max: 1, noNaN: true }) },
      { requiredKeys: ['video_url'] },
    ),
    audio: fc.record({ audio_url: fc.constant('asset:clip'), speed: fc.constantFrom(0.5, 1, 2) }, { requiredKeys: ['audio_url'] }),
    group: fc.record(
      {
        locked: fc.boolean(),
        mask: fc.record(
          { shape: fc.constantFrom('rectangle', 'ellipse'), rx: fc.integer({ min: 0, max: 100 }) },
          { requiredKeys: ['shape'] },
        ),
      },
      { requiredKeys: [] },
    ),
    code: fc.record({ html: fc.constant('<div class="spark"></div>') }),
  };
  return fc.tuple(shared, typed[type]).map(([a, b]) => ({ ...a, ...b }));
}

function box(print: boolean) {
  const n = (min: number, max: number) => size(print, min, max);
  return fc.record({ x: n(-200, 2000), y: n(-200, 2000), width: n(0, 2000), height: n(0, 2000) });
}

function animation(duration: number): fc.Arbitrary<Json> {
  return fc
    .tuple(fc.integer({ min: 0, max: duration * 10 }), fc.integer({ min: 0, max: duration * 10 }))
    .map(([a, b]) => [Math.min(a, b) / 10, Math.max(a, b) / 10] as const)
    .map(([start, end]) => ({
      start_at_s: start,
      end_at_s: end,
      tweens: [
        {
          type: 'fade',
          keyframes: [
            { time: start, attr: { opacity: 0 } },
            { time: end, attr: { opacity: 1 }, easing: 'ease-in' },
          ],
        },
      ],
    }));
}

interface ElementPlan {
  type: LayerType;
  props: Json;
  layouts: Json[];
  overrideSize: boolean;
  animated: Json | null;
}

function elements(designType: DesignType, formats: string[] | null, duration: number): fc.Arbitrary<Json[]> {
  const print = designType === 'printer' || designType === 'printer_multipage';
  const types = layerTypesFor(designType);
  const plan: fc.Arbitrary<ElementPlan> = fc.constantFrom(...types).chain((type) =>
    fc.record({
      type: fc.constant(type),
      props: properties(type, print),
      layouts: fc.array(box(print), { minLength: formats?.length ?? 1, maxLength: formats?.length ?? 1 }),
      overrideSize: fc.boolean(),
      animated: designType === 'animated' && type !== 'group' ? fc.option(animation(duration), { nil: null }) : fc.constant(null),
    }),
  );
  return fc.array(plan, { maxLength: 7 }).map((plans) => {
    const out: Json[] = [];
    const grouped = new Set<string>();
    plans.forEach((p, i) => {
      const name = `${p.type}-${i}`;
      const e: Json = { name, type: p.type, properties: p.props };
      if (formats === null) e.layout = p.layouts[0];
      else {
        // A layer missing from some formats exercises "present only where laid out".
        const present = formats.filter((_, j) => j === 0 || (i + j) % 3 !== 0);
        e.layout = Object.fromEntries(present.map((f) => [f, p.layouts[formats.indexOf(f)]]));
        if (p.overrideSize && formats.length > 1 && p.type !== 'group') {
          const f = formats[formats.length - 1] as string;
          e.overrides = { [f]: { hidden: true, opacity: 50 } };
        }
      }
      if (p.type === 'group') {
        const members = out.filter((o) => o.type !== 'group' && !grouped.has(o.name as string)).map((o) => o.name as string);
        for (const m of members) grouped.add(m);
        e.layer_ids = members;
        if (designType === 'animated') e.animation = { start_at_s: 0, end_at_s: null };
      }
      if (p.animated) e.animation = p.animated;
      out.push(e);
    });
    return out;
  });
}

const ASSETS = {
  photo: { src: 'https://example.com/photo.jpg', content_type: 'image/jpeg' },
  icon: { src: 'data:image/svg+xml;base64,PHN2Zy8+' },
  clip: { src: 'storage:workspaces/w/clip.mp4' },
};

/** Raw import payloads of any type that parse without issues. */
export function designDocument(type?: DesignType): fc.Arbitrary<Json> {
  const t = type ? fc.constant(type) : fc.constantFrom<DesignType>('static', 'animated', 'printer', 'printer_multipage');
  return t.chain((designType) => {
    const print = designType === 'printer' || designType === 'printer_multipage';
    const name = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0);
    const printSettings = fc.record({
      unit: fc.constantFrom('mm', 'in'),
      dpi: fc.integer({ min: 72, max: 300 }),
      bleed: fc.constantFrom(0, 0.125, 2),
      safe: fc.constantFrom(0, 0.25, 1.5),
    });
    const dim = size(print, FRAME_SIZE.min, FRAME_SIZE.max);
    if (designType === 'printer_multipage') {
      return fc
        .record({
          name,
          print: printSettings,
          w: dim,
          h: dim,
          pages: fc.array(fc.tuple(fc.option(cmyk, { nil: undefined }), elements(designType, null, 0)), { minLength: 1, maxLength: 4 }),
        })
        .map(({ name, print, w, h, pages }) => ({
          name,
          type: designType,
          print,
          page_size: { width: w, height: h },
          pages: pages.map(([bg, els]) => ({ ...(bg ? { background_color: bg } : {}), elements: els })),
          assets: ASSETS,
        }));
    }
    return fc.integer({ min: 1, max: 3 }).chain((count) => {
      const formatNames = FORMAT_NAMES.slice(0, count);
      const duration = 8;
      return fc
        .record({
          name,
          print: printSettings,
          sizes: fc.array(fc.tuple(dim, dim, fc.option(solid(print), { nil: undefined })), { minLength: count, maxLength: count }),
          elements: elements(designType, formatNames, duration),
          screenshot: fc.integer({ min: 0, max: duration }),
        })
        .map(({ name, print: ps, sizes, elements: els, screenshot }) => {
          const doc: Json = {
            name,
            type: designType,
            formats: sizes.map(([w, h, bg], i) => ({ name: formatNames[i], width: w, height: h, ...(bg ? { background_color: bg } : {}) })),
            elements: els,
            assets: ASSETS,
          };
          if (print) doc.print = ps;
          if (designType === 'animated') doc.animation = { duration, screenshot_at_s: screenshot };
          return doc;
        });
    });
  });
}

/** Parsed designs; a document the parser refuses is a bug in the arbitrary, so it throws. */
export function design(type?: DesignType): fc.Arbitrary<Design> {
  return designDocument(type).map((doc) => {
    const r = parseDesignDocument(doc);
    if (!r.ok) throw new Error(`arbitrary produced an invalid document: ${JSON.stringify(r.issues)}`);
    return r.design;
  });
}

/**
 * Import payloads (Abyssale's format, no target) that `parseImportPayload` accepts. Media stored
 * inside Pressroom leave as https URLs, so the payload needs no upload.
 */
export function importPayload(type?: DesignType): fc.Arbitrary<Json> {
  return design(type).map((d) => toImportPayload(d, { assetUrl: (name) => `https://example.com/media/${name}` }).payload);
}
