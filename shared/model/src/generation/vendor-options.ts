import type { FieldIssue } from '../errors/app-error.js';

/**
 * The request options of Abyssale's documented generation API (its OpenAPI document, which the
 * official SDKs are generated from) and what each does on Pressroom (docs/generation.md, "The
 * vendor's request options"). Every one has an effect on the file or is refused at submit: none
 * is accepted and ignored.
 *
 * | Vendor option                  | Pressroom                                                          |
 * |--------------------------------|--------------------------------------------------------------------|
 * | `file_compression_level`       | the encoder's quality (jpeg, webp, avif, html5 backup image), zlib |
 * |                                | effort (png), x264 CRF (mp4), palette size (gif); refused on pdf   |
 * | `video.fps`                    | the MP4's frame rate (frames are captured at it)                   |
 * | `gif.max_fps`                  | the GIF's frame rate: the highest with whole-1/100-s delays ≤ it   |
 * | `gif.repeat`                   | the GIF's loop count (-1 forever, the default; N: N repeats)       |
 * | `html5.page_title`             | the `<title>` of index.html (default: the design's name)           |
 * | `html5.click_tag`              | Pressroom's `click_url`                                            |
 * | `html5.ad_network`             | the zip is held to that network's size limit (AD_NETWORK_ZIP_LIMITS)|
 * |                                | Pressroom builds one convention (Google Ads, DV360, IAB): `default`,|
 * |                                | `google-ads`, `google-marketing`; others refused                   |
 * | `html5.include_backup_image`   | false leaves the backup JPEG out of the zip and the Banner         |
 * | `html5.repeat`                 | Pressroom's `loop_count` (plays = repeat + 1); -1 refused          |
 * | `print.display_crop_marks`     | Pressroom's `print_options.crop_marks`                             |
 * | `print.color_profile`          | the output profile (ICC + output intent) of the PDF; the RGB one,  |
 * |                                | unknown ids and a profile no live render worker holds (as they     |
 * |                                | advertise: `checkColorProfileOnFarm`) are refused; the job goes to |
 * |                                | a worker holding it (`colorProfileFlag`)                           |
 */

export interface OutputOptions {
  /** `file_compression_level`, 1–100, higher is better quality (Abyssale's reading); null: the encoder's default. */
  quality: number | null;
  /** `video.fps`: frames per second of the MP4. */
  videoFps: number | null;
  /** `gif.max_fps`: the GIF's frame rate is the highest rate with whole-hundredth delays at or below it. */
  gifMaxFps: number | null;
  /** `gif.repeat`: -1 loops forever, 0 plays once, N repeats N times (GIF's NETSCAPE loop count). */
  gifRepeat: number | null;
  /** `html5.page_title`. */
  html5Title: string | null;
  /** `html5.include_backup_image`: false leaves the backup image out. */
  html5Backup: boolean | null;
  /** `html5.ad_network`, one of AD_NETWORKS. */
  adNetwork: AdNetwork | null;
}

export const NO_OUTPUT_OPTIONS: OutputOptions = Object.freeze({
  quality: null,
  videoFps: null,
  gifMaxFps: null,
  gifRepeat: null,
  html5Title: null,
  html5Backup: null,
  adNetwork: null,
});

/** Bounds of the numeric options. */
export const OUTPUT_OPTION_BOUNDS = {
  file_compression_level: { min: 1, max: 100 },
  'video.fps': { min: 1, max: 60 },
  /** 50 fps is the fastest GIF a browser plays as written (delays under 2/100 s are slowed to 1/10 s). */
  'gif.max_fps': { min: 1, max: 50 },
  /** The NETSCAPE extension stores the count in 16 bits. */
  'gif.repeat': { min: -1, max: 65535 },
  'html5.repeat': { min: 0, max: 2 },
  'html5.page_title': { min: 1, max: 200 },
} as const;

/**
 * The ad networks whose HTML5 convention Pressroom's zip follows: a global `clickTag` opened with
 * `window.open`, `ad.size` meta, one index.html with everything inline (docs/animation.md).
 * `default` is the vendor's default. Adform (`dhtml.getVar('clickTAG')`), Amazon and AdRoll read
 * the click-through differently: refused rather than delivered in a convention they do not read.
 */
export const AD_NETWORKS = ['default', 'google-ads', 'google-marketing'] as const;
export type AdNetwork = (typeof AD_NETWORKS)[number];

/**
 * What naming an ad network does: the zip is held to that network's size limit, and a zip over
 * it fails its file with the sizes, rather than being delivered for an ad server to refuse.
 * Google Ads takes 150 KB, Display & Video 360 (Google Marketing Platform) 500 KB; `default`
 * sets no limit.
 */
export const AD_NETWORK_ZIP_LIMITS: Record<AdNetwork, number | null> = {
  default: null,
  'google-ads': 150 * 1024,
  'google-marketing': 500 * 1024,
};

/** Which file types each option acts on. */
export const OUTPUT_OPTION_FILE_TYPES: Record<keyof OutputOptions, readonly string[]> = {
  quality: ['jpeg', 'png', 'webp', 'avif', 'mp4', 'gif', 'html5'],
  videoFps: ['mp4'],
  gifMaxFps: ['gif'],
  gifRepeat: ['gif'],
  html5Title: ['html5'],
  html5Backup: ['html5'],
  adNetwork: ['html5'],
};

const FIELD: Record<keyof OutputOptions, string> = {
  quality: 'file_compression_level',
  videoFps: 'video.fps',
  gifMaxFps: 'gif.max_fps',
  gifRepeat: 'gif.repeat',
  html5Title: 'html5.page_title',
  html5Backup: 'html5.include_backup_image',
  adNetwork: 'html5.ad_network',
};

/** Each option sent for a file type it cannot act on, at its path. */
export function checkOutputOptions(options: OutputOptions, fileType: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const key of Object.keys(FIELD) as (keyof OutputOptions)[]) {
    if (options[key] === null) continue;
    const types = OUTPUT_OPTION_FILE_TYPES[key];
    if (types.includes(fileType)) continue;
    issues.push({
      path: FIELD[key],
      code: 'invalid_payload',
      message:
        key === 'quality' && fileType === 'pdf'
          ? 'a PDF has no compression level on Pressroom: static PDFs are vector with their images as sent, print PDFs keep images lossless at the format’s DPI'
          : `applies to ${types.join(', ')} files only; this request makes ${fileType}`,
      expected: [...types],
      received: fileType,
    });
  }
  return issues;
}

/** zlib effort of a PNG for a quality: 100 (best, "least compression") is level 0, 1 is level 9. */
export function pngCompressionLevel(quality: number): number {
  return Math.round(((100 - quality) * 9) / 99);
}

/** x264 CRF for a quality: 100 is CRF 12 (visually lossless), 1 is CRF 45; about 70 is the default 22. */
export function x264Crf(quality: number): number {
  return Math.round(12 + ((100 - quality) * 33) / 99);
}

/** GIF palette size for a quality: 100 is 256 colours, 1 is 4. */
export function gifColours(quality: number): number {
  return Math.round(4 + ((quality - 1) * 252) / 99);
}

/** The GIF frame rate for `gif.max_fps`: 100 / n for the smallest whole n (GIF delays are hundredths) at or below it. */
export function gifFps(maxFps: number): number {
  return 100 / Math.ceil(100 / maxFps - 1e-9);
}

/** `html5.repeat` (repetitions after the first play) as Pressroom's `loop_count` (plays). */
export function loopCountOfRepeat(repeat: number): number {
  return repeat + 1;
}

/**
 * The vendor's built-in colour profiles, the same in every workspace (its OpenAPI document).
 * `icc` is the description an ICC file of that profile carries (its `desc` tag), which is how a
 * render worker finds the profile among those it holds; null: not a CMYK profile.
 */
export const VENDOR_COLOR_PROFILES: Record<string, { name: string; icc: string | null }> = {
  'be2ab219-8fe4-4d85-91ba-65bdc9ddaf01': { name: 'CMYK — ISO Coated v2 (ECI)', icc: 'ISO Coated v2 (ECI)' },
  '03738f37-5b6f-4be9-9100-706b1711f9dd': { name: 'CMYK — ISO Coated v2 (ECI) 300%', icc: 'ISO Coated v2 300% (ECI)' },
  'e0c86a8a-050c-41f1-885a-0f74b9baac50': { name: 'CMYK — ISO Uncoated', icc: 'ISO Uncoated' },
  '0e0355e6-2931-4c83-92f2-64db9f5ddffc': { name: 'CMYK — US Web Coated (SWOP 2006 5v2)', icc: 'U.S. Web Coated (SWOP) v2' },
  'fac91df8-1155-11ef-b77e-f93002785645': { name: 'CMYK — ISO Newspaper26 v4', icc: 'ISOnewspaper26v4' },
  'db3c123e-1127-11ef-b77e-f93002785645': { name: 'RGB — No color profile', icc: null },
};

/** Compares ICC descriptions loosely: case, spaces and punctuation aside. */
export function sameProfileName(a: string, b: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9%]+/g, '');
  return norm(a) === norm(b);
}

/** The built-in CMYK profiles, the ids `print.color_profile` may name. */
export const CMYK_COLOR_PROFILES: readonly string[] = Object.keys(VENDOR_COLOR_PROFILES).filter(
  (id) => VENDOR_COLOR_PROFILES[id]!.icc !== null,
);

/**
 * The built-in profiles a render worker can honour, given the descriptions of the ICC profiles it
 * holds: those one of them carries the description of (the worker's `chooseProfile` finds them
 * the same way). A render worker computes it once at start and advertises it with its heartbeat.
 */
export function honouredColorProfiles(descriptions: readonly string[]): string[] {
  return CMYK_COLOR_PROFILES.filter((id) => descriptions.some((d) => sameProfileName(d, VENDOR_COLOR_PROFILES[id]!.icc!)));
}

/** `print.color_profile` at submit: a built-in CMYK profile, else the issue to answer. */
export function checkColorProfile(id: string): FieldIssue | null {
  const known = VENDOR_COLOR_PROFILES[id];
  if (known === undefined) {
    return {
      path: 'print.color_profile',
      code: 'invalid_payload',
      message:
        'is not a colour profile Pressroom knows: it takes the built-in CMYK profiles of the vendor’s document (custom workspace profiles do not exist here)',
      expected: [...CMYK_COLOR_PROFILES],
      received: id,
    };
  }
  if (known.icc === null) {
    return {
      path: 'print.color_profile',
      code: 'invalid_payload',
      message: `${known.name}: Pressroom's print PDFs are DeviceCMYK with a CMYK output intent; an RGB print PDF is not made`,
      received: id,
    };
  }
  return null;
}
