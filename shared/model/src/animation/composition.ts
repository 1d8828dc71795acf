import { z } from 'zod';

/**
 * A file whose frames are composited from layer rasters (docs/animation.md, "Frames composited
 * from layer rasters"): the render worker draws each raster once in Chromium and stores it raw
 * (RGBA, not premultiplied, `width × height × 4` bytes) under the file's intermediate prefix with
 * this description as `composition.json`; the media worker composites every frame from them
 * and pipes the raw frames to the encoder.
 */
export const COMPOSITION_FILE = 'composition.json';

/** The state of one timeline layer at one frame: `[visible 0|1, opacity, x, y, scale, rotate°, shown units or -1]`. */
const sampleSchema = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]);

/** A box in canvas pixels: `[left, top, width, height]`. */
const boxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/**
 * Object name of a video layer's source under the file's prefix: the render worker fetched it
 * through the guarded loader and stores it beside the rasters; the media worker decodes it.
 */
export function videoSourceFile(index: number): string {
  return `video-${String(index).padStart(2, '0')}.bin`;
}

export const compositionSchema = z.object({
  /**
   * 2 when the file draws video layers (`videos`): a media worker that knows only 1 refuses it
   * rather than compositing the file without its videos.
   */
  v: z.union([z.literal(1), z.literal(2)]),
  /** The frame's size, px. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  fps: z.number().positive(),
  /** The stored rasters: object name under the file's prefix, and where the raster sits on the canvas. */
  rasters: z.array(z.object({ key: z.string(), box: boxSchema })),
  /** Bottom first: what to draw, with what. */
  items: z.array(
    z.object({
      /** Index into `rasters` of the layer as designed (every character shown); null: it paints nothing. */
      raster: z.number().int().nonnegative().nullable(),
      /** Typewriting: the raster with no character shown (same box as `raster`). */
      untyped: z.number().int().nonnegative().nullable(),
      /** Index into each frame's states of the timeline layer that moves it; null: it never moves. */
      layer: z.number().int().nonnegative().nullable(),
      /** Indices of the windowed groups it is shown within (shown only while all of them are visible). */
      gates: z.array(z.number().int().nonnegative()),
      /** The transform origin (its box centre as the page lays it out), canvas px. */
      origin: z.tuple([z.number(), z.number()]),
      /**
       * A layer the timeline shows scaled: its raster drawn again at some of those scales (about
       * `origin`; planRasterScales), ascending. A frame draws the layer from the one at the
       * smallest scale at or above its own (or the raster as designed), so it is only ever
       * shrunk, and not at all at a scale drawn; empty otherwise.
       */
      scaled: z
        .array(
          z.object({
            raster: z.number().int().nonnegative(),
            scale: z.number().positive(),
            /** Cut by the canvas's edge: drawn only at its own scale, unmoved and unturned. */
            inPlace: z.boolean().default(false),
          }),
        )
        .default([]),
      /** Read from compositions written before `scaled`: the one raster at its largest scale. */
      enlarged: z.object({ raster: z.number().int().nonnegative(), scale: z.number().positive() }).nullable().optional(),
      /** Typewriting: each unit's box in reading order, canvas px; null otherwise. */
      units: z.array(boxSchema).nullable(),
      /** Index into `videos`: the item draws that video's frame of each moment (over its raster, if any); null otherwise. */
      video: z.number().int().nonnegative().nullable().default(null),
    }),
  ),
  /**
   * Video layers (docs/animation.md, "Frames composited from layer rasters"): the source, decoded
   * by the media worker at `fps`, scaled with the fit to `size` and drawn into `box`.
   */
  videos: z
    .array(
      z.object({
        /** The source's object name under the file's prefix (videoSourceFile). */
        key: z.string(),
        /** The layer's box on the canvas with its motion set aside, px (fractional, as laid out). */
        box: boxSchema,
        /** The size the frames are decoded at: the box rounded, at least 2×2. */
        size: z.tuple([z.number().int().positive(), z.number().int().positive()]),
        /** CSS object-fit: cover crops the centre, contain fits inside (transparent around). */
        fit: z.enum(['cover', 'contain']),
        /** The layer's own opacity (0–1); the timeline's multiplies it. */
        opacity: z.number().min(0).max(1),
        /** The layer's own turn (`rotation`), degrees clockwise about the item's origin, after the timeline's motion. */
        rotation: z.number().default(0),
        /** Per frame (from the file's first): the video's own frame shown, at `fps` from its start; null: none. */
        frames: z.array(z.number().int().nonnegative().nullable()),
      }),
    )
    .default([]),
  /** Per frame (from the file's first), per timeline layer. */
  states: z.array(z.array(sampleSchema)),
});
export type Composition = z.output<typeof compositionSchema>;

export function parseComposition(value: unknown): Composition {
  const parsed = compositionSchema.parse(value);
  for (const item of parsed.items) {
    if (item.enlarged && item.scaled.length === 0) item.scaled = [{ ...item.enlarged, inPlace: false }];
    delete item.enlarged;
  }
  return parsed;
}
