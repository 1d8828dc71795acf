import { createHash } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import { rgbToCmyk } from '@pressroom/model';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRawStream, PDFRef, PDFStream, PDFString } from 'pdf-lib';
import { RenderRefusedError } from '../tasks/failures.js';
import type { Cmyk, ColorKeys } from './color-keys.js';
import { type RgbToCmyk, rewriteContentStream } from './content-rewrite.js';
import { cropMarkLines, type PageGeometry } from './geometry.js';

/** One page as Chromium printed it, with where it goes on the sheet. */
export interface ChromiumPage {
  /** A one-page PDF from `printPdf`, drawn at `canvasPx` CSS pixels. */
  pdf: Uint8Array;
  canvasPx: { width: number; height: number };
  geometry: PageGeometry;
}

/** RGB pixels of one image XObject → CMYK pixels (8 bits, 4 channels), through the ICC profile. */
export type ImageToCmyk = (image: { encoded: Buffer; jpeg: boolean; width: number; height: number; channels: number }) => Promise<Buffer>;

export interface AssembleInput {
  pages: ChromiumPage[];
  keys: ColorKeys;
  /** The CMYK output profile: the output intent's DestOutputProfile. */
  outputProfile: { bytes: Buffer; name: string };
  toCmyk: ImageToCmyk;
  title: string;
  cropMarks: boolean;
  safeZone: boolean;
}

/** Content the CMYK conversion cannot carry exactly: refused like text that cannot fit, never retried. */
export class UnsupportedPrintContentError extends RenderRefusedError {
  override name = 'UnsupportedPrintContentError';
}

/**
 * Chromium's RGB pages → one DeviceCMYK document: pages placed on sheets with their boxes, paint
 * operators and shadings rewritten from colour keys to the design's CMYK, RGB images converted
 * through the ICC profile, and a GTS_PDFX output intent. docs/print.md.
 */
export async function assembleCmykPdf(input: AssembleInput): Promise<Uint8Array> {
  const out = await PDFDocument.create({ updateMetadata: false });
  const context = out.context;
  const contentRefs = new Set<PDFRef>();
  for (const page of input.pages) {
    const source = await PDFDocument.load(page.pdf, { updateMetadata: false });
    const [copied] = await out.copyPages(source, [0]);
    if (!copied) throw new UnsupportedPrintContentError('Chromium printed no page.');
    out.addPage(copied);
    const node = copied.node;
    const chromiumHeight = copied.getMediaBox().height;
    const g = page.geometry;
    const s = g.canvas.height / (page.canvasPx.height * 0.75);
    const ty = g.canvas.y + g.canvas.height - s * chromiumHeight;
    const { x, y, width, height } = g.canvas;
    const prefix = context.register(
      context.flateStream(`q ${x} ${y} ${width} ${height} re W n ${num(s)} 0 0 ${num(s)} ${num(x)} ${num(ty)} cm\n`),
    );
    const suffix = context.register(context.flateStream(`\nQ\n${marks(g, input)}`));
    const contents = node.get(PDFName.of('Contents'));
    const original = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    for (const ref of original) if (ref instanceof PDFRef) contentRefs.add(ref);
    node.set(PDFName.of('Contents'), context.obj([prefix, ...original, suffix]));
    node.set(PDFName.of('MediaBox'), context.obj(g.mediaBox));
    node.set(PDFName.of('TrimBox'), context.obj(g.trimBox));
    node.set(PDFName.of('BleedBox'), context.obj(g.bleedBox));
    node.delete(PDFName.of('CropBox'));
    node.delete(PDFName.of('ArtBox'));
  }

  const paint: RgbToCmyk = (r, g, b) => {
    const [R, G, B] = [r, g, b].map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255)) as [number, number, number];
    return input.keys.lookup(R, G, B) ?? rgbToCmyk({ kind: 'hex', r: R, g: G, b: B, alpha: 1, digits: 6 });
  };

  const images: [PDFRef, PDFRawStream][] = [];
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream) {
      const dict = object.dict;
      const subtype = dict.get(PDFName.of('Subtype'));
      if (contentRefs.has(ref) || subtype === PDFName.of('Form') || dict.get(PDFName.of('PatternType')) instanceof PDFNumber) {
        if (dict.get(PDFName.of('PatternType')) instanceof PDFNumber && (dict.get(PDFName.of('PatternType')) as PDFNumber).asNumber() !== 1)
          continue;
        const text = Buffer.from(decodeStream(object)).toString('latin1');
        const rewritten = rewriteContentStream(text, paint);
        context.assign(ref, restream(context, dict, Buffer.from(rewritten, 'latin1')));
      } else if (subtype === PDFName.of('Image')) {
        images.push([ref, object]);
      }
    }
    visitDicts(object, context, (dict) => {
      convertGroupColorSpace(dict);
      if (dict.get(PDFName.of('ShadingType')) !== undefined) convertShading(dict, context, paint);
    });
  }
  // Pages printed separately carry the same image once each: it is converted once and written
  // once, every page pointing at the first copy.
  const canonical = new Map<string, PDFRef>();
  const duplicates = new Map<PDFRef, PDFRef>();
  for (const [ref, image] of images) {
    const id = createHash('sha1')
      .update(image.contents)
      .update(
        ['Width', 'Height', 'Filter', 'SMask']
          .map((k) => (k === 'SMask' ? String(image.dict.has(PDFName.of(k))) : String(image.dict.get(PDFName.of(k)))))
          .join(),
      )
      .digest('hex');
    const first = canonical.get(id);
    if (first && !image.dict.has(PDFName.of('SMask'))) {
      duplicates.set(ref, first);
      continue;
    }
    canonical.set(id, ref);
    const bytes = await cmykPixels(image, context, input.toCmyk);
    if (bytes) context.assign(ref, cmykImage(image, context, bytes));
  }
  if (duplicates.size > 0) replaceRefs(context, duplicates);

  const profile = context.register(context.flateStream(input.outputProfile.bytes, { N: 4, Alternate: PDFName.of('DeviceCMYK') } as never));
  out.catalog.set(
    PDFName.of('OutputIntents'),
    context.obj([
      context.obj({
        Type: 'OutputIntent',
        S: 'GTS_PDFX',
        OutputConditionIdentifier: PDFString.of('Custom'),
        OutputCondition: PDFString.of(input.outputProfile.name),
        Info: PDFString.of(input.outputProfile.name),
        RegistryName: PDFString.of(''),
        DestOutputProfile: profile,
      }),
    ]),
  );
  out.setTitle(input.title);
  out.setProducer('Pressroom');
  out.setCreator('Pressroom print renderer');
  out.setCreationDate(new Date());
  out.setModificationDate(new Date());
  (out as unknown as { getInfoDict(): PDFDict }).getInfoDict().set(PDFName.of('Trapped'), PDFName.of('False'));
  dropUnreachable(out);
  return out.save({ useObjectStreams: false });
}

function num(v: number): string {
  return String(Math.round(v * 1e6) / 1e6);
}

/** Crop marks in registration (all four inks) and the safe-zone outline, drawn over the page. */
function marks(g: PageGeometry, input: Pick<AssembleInput, 'cropMarks' | 'safeZone'>): string {
  const parts: string[] = [];
  if (input.cropMarks) {
    parts.push('q 0.25 w 1 1 1 1 K');
    for (const [x0, y0, x1, y1] of cropMarkLines(g)) parts.push(`${x0} ${y0} m ${x1} ${y1} l S`);
    parts.push('Q');
  }
  if (input.safeZone && g.safeBox) {
    const [x0, y0, x1, y1] = g.safeBox;
    parts.push(`q 0.5 w [3 3] 0 d 0 1 0 0 K ${x0} ${y0} ${num(x1 - x0)} ${num(y1 - y0)} re S Q`);
  }
  return parts.join('\n');
}

function decodeStream(stream: PDFRawStream): Uint8Array {
  const filter = stream.dict.get(PDFName.of('Filter'));
  if (filter === undefined) return stream.contents;
  const name = filter instanceof PDFArray && filter.size() === 1 ? filter.get(0) : filter;
  if (name === PDFName.of('FlateDecode') && stream.dict.get(PDFName.of('DecodeParms')) === undefined) return inflateSync(stream.contents);
  throw new UnsupportedPrintContentError(`Unexpected stream filter ${String(filter)} in Chromium's PDF.`);
}

function restream(context: PDFDocument['context'], dict: PDFDict, bytes: Uint8Array): PDFRawStream {
  const next = PDFRawStream.of(dict.clone(context), deflateSync(bytes));
  next.dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
  next.dict.delete(PDFName.of('DecodeParms'));
  next.dict.set(PDFName.of('Length'), PDFNumber.of(next.contents.length));
  return next;
}

/** Every dictionary inside an object (direct ones included), once. */
function visitDicts(object: PDFObject, context: PDFDocument['context'], visit: (dict: PDFDict) => void): void {
  if (object instanceof PDFStream) {
    visitDicts(object.dict, context, visit);
  } else if (object instanceof PDFDict) {
    visit(object);
    for (const value of object.values()) if (!(value instanceof PDFRef)) visitDicts(value, context, visit);
  } else if (object instanceof PDFArray) {
    for (const value of object.asArray()) if (!(value instanceof PDFRef)) visitDicts(value, context, visit);
  }
}

function isRgbSpace(space: PDFObject | undefined, context: PDFDocument['context']): boolean {
  if (space === PDFName.of('DeviceRGB')) return true;
  const resolved = space instanceof PDFRef ? context.lookup(space) : space;
  if (resolved instanceof PDFArray && resolved.get(0) === PDFName.of('ICCBased')) {
    const stream = context.lookup(resolved.get(1));
    return stream instanceof PDFStream && (stream.dict.get(PDFName.of('N')) as PDFNumber | undefined)?.asNumber() === 3;
  }
  return false;
}

/** A transparency group blends in the document's colour space. */
function convertGroupColorSpace(dict: PDFDict): void {
  if (dict.get(PDFName.of('S')) === PDFName.of('Transparency') && dict.get(PDFName.of('CS')) !== undefined) {
    dict.set(PDFName.of('CS'), PDFName.of('DeviceCMYK'));
  }
}

/** An axial or radial shading: DeviceCMYK, with each function's end colours mapped through the keys. */
function convertShading(shading: PDFDict, context: PDFDocument['context'], paint: RgbToCmyk): void {
  const space = shading.get(PDFName.of('ColorSpace'));
  if (!isRgbSpace(space, context)) return;
  shading.set(PDFName.of('ColorSpace'), PDFName.of('DeviceCMYK'));
  const background = shading.get(PDFName.of('Background'));
  if (background instanceof PDFArray) shading.set(PDFName.of('Background'), context.obj(cmykArray(background, paint)));
  const fn = shading.get(PDFName.of('Function'));
  if (fn === undefined) throw new UnsupportedPrintContentError('A shading without a function cannot be converted to CMYK.');
  convertFunction(fn, context, paint);
}

function convertFunction(object: PDFObject, context: PDFDocument['context'], paint: RgbToCmyk): void {
  const fn = context.lookup(object);
  if (fn instanceof PDFArray) {
    throw new UnsupportedPrintContentError('Per-channel shading functions cannot be converted to CMYK.');
  }
  const dict = fn instanceof PDFStream ? fn.dict : fn;
  if (!(dict instanceof PDFDict)) throw new UnsupportedPrintContentError('A shading function is not a dictionary.');
  const type = (dict.get(PDFName.of('FunctionType')) as PDFNumber | undefined)?.asNumber();
  if (type === 2) {
    for (const key of ['C0', 'C1']) {
      const value = dict.get(PDFName.of(key));
      const colour = value instanceof PDFArray ? value : context.obj(key === 'C0' ? [0, 0, 0] : [1, 1, 1]);
      dict.set(PDFName.of(key), context.obj(cmykArray(colour as PDFArray, paint)));
    }
    dict.delete(PDFName.of('Range'));
    return;
  }
  if (type === 3) {
    const parts = dict.get(PDFName.of('Functions'));
    if (!(parts instanceof PDFArray)) throw new UnsupportedPrintContentError('A stitching function without functions.');
    for (const part of parts.asArray()) convertFunction(part, context, paint);
    dict.delete(PDFName.of('Range'));
    return;
  }
  throw new UnsupportedPrintContentError(`Shading function type ${type} cannot be converted to CMYK.`);
}

function cmykArray(rgb: PDFArray, paint: RgbToCmyk): number[] {
  const [r, g, b] = rgb.asArray().map((v) => (v instanceof PDFNumber ? v.asNumber() : 0)) as [number, number, number];
  const c: Cmyk = paint(r, g, b);
  return [c.c / 100, c.m / 100, c.y / 100, c.k / 100];
}

/** The image's pixels as a deflated 8-bit CMYK stream body; null when it needs no conversion. */
async function cmykPixels(image: PDFRawStream, context: PDFDocument['context'], toCmyk: ImageToCmyk): Promise<Uint8Array | null> {
  const dict = image.dict;
  if (dict.get(PDFName.of('ImageMask')) !== undefined) return null;
  const space = dict.get(PDFName.of('ColorSpace'));
  if (space === PDFName.of('DeviceGray') || space === PDFName.of('DeviceCMYK')) return null;
  if (!isRgbSpace(space, context))
    throw new UnsupportedPrintContentError(`Image colour space ${String(space)} cannot be converted to CMYK.`);
  const width = (dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
  const height = (dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
  const bits = (dict.get(PDFName.of('BitsPerComponent')) as PDFNumber | undefined)?.asNumber();
  if (bits !== 8) throw new UnsupportedPrintContentError(`Images of ${bits} bits per component are not expected.`);
  const filter = dict.get(PDFName.of('Filter'));
  const jpeg = filter === PDFName.of('DCTDecode');
  const encoded = Buffer.from(jpeg ? image.contents : decodeStream(image));
  const pixels = await toCmyk({ encoded, jpeg, width, height, channels: 3 });
  // Level 1: photos barely compress better at 6, and it costs several times the time.
  return deflateSync(pixels, { level: 1 });
}

function cmykImage(image: PDFRawStream, context: PDFDocument['context'], deflated: Uint8Array): PDFRawStream {
  const next = PDFRawStream.of(image.dict.clone(context), deflated);
  next.dict.set(PDFName.of('ColorSpace'), PDFName.of('DeviceCMYK'));
  next.dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
  next.dict.delete(PDFName.of('DecodeParms'));
  next.dict.delete(PDFName.of('ColorTransform'));
  next.dict.delete(PDFName.of('Decode'));
  next.dict.set(PDFName.of('Length'), PDFNumber.of(next.contents.length));
  return next;
}

/** Points every reference to a duplicate at its canonical object instead. */
function replaceRefs(context: PDFDocument['context'], replacements: Map<PDFRef, PDFRef>): void {
  const visit = (object: PDFObject) => {
    if (object instanceof PDFStream) visit(object.dict);
    else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        const to = value instanceof PDFRef ? replacements.get(value) : undefined;
        if (to) object.set(key, to);
        else if (!(value instanceof PDFRef)) visit(value);
      }
    } else if (object instanceof PDFArray) {
      object.asArray().forEach((value, i) => {
        const to = value instanceof PDFRef ? replacements.get(value) : undefined;
        if (to) object.set(i, to);
        else if (!(value instanceof PDFRef)) visit(value);
      });
    }
  };
  for (const [, object] of context.enumerateIndirectObjects()) visit(object);
}

/** Objects nothing points at any more (the sRGB profile of replaced images) are not written. */
function dropUnreachable(doc: PDFDocument): void {
  const context = doc.context;
  const seen = new Set<PDFRef>();
  const stack: PDFObject[] = [context.trailerInfo.Root, context.trailerInfo.Info].filter((o): o is PDFObject => o !== undefined);
  while (stack.length > 0) {
    const object = stack.pop()!;
    if (object instanceof PDFRef) {
      if (seen.has(object)) continue;
      seen.add(object);
      const target = context.lookup(object);
      if (target) stack.push(target);
    } else if (object instanceof PDFStream) {
      stack.push(object.dict);
    } else if (object instanceof PDFDict) {
      stack.push(...object.values());
    } else if (object instanceof PDFArray) {
      stack.push(...object.asArray());
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!seen.has(ref)) context.delete(ref);
}
