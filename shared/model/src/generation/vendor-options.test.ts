import { describe, expect, it } from 'vitest';
import { parseGenerationRequest } from './requests.js';
import {
  CMYK_COLOR_PROFILES,
  checkOutputOptions,
  gifColours,
  gifFps,
  honouredColorProfiles,
  NO_OUTPUT_OPTIONS,
  pngCompressionLevel,
  sameProfileName,
  VENDOR_COLOR_PROFILES,
  x264Crf,
} from './vendor-options.js';

const STATIC = { designType: 'static' } as const;
const ANIMATED = { designType: 'animated' } as const;
const PRINTER = { designType: 'printer' } as const;
const MULTIPAGE = { designType: 'printer_multipage' } as const;

function ok<T>(result: { ok: true; value: T } | { ok: false; error: { issues?: unknown } }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error.issues));
  return result.value;
}
function issues(result: { ok: boolean; error?: { id: string; issues?: { path: string; code: string }[] | undefined } }) {
  expect(result.ok).toBe(false);
  return result.error?.issues?.map((i) => `${i.path} ${i.code}`);
}

describe('the vendor request options, parsed', () => {
  it('every animated option lands in the request, mapped onto Pressroom’s own where it has one', () => {
    const value = ok(
      parseGenerationRequest(
        'async',
        {
          file_compression_level: 35,
          video: { fps: 30 },
          gif: { max_fps: 10, repeat: 2 },
          html5: {
            page_title: 'Launch',
            click_tag: 'https://shop.example/',
            ad_network: 'google-ads',
            include_backup_image: false,
            repeat: 1,
          },
        },
        ANIMATED,
      ),
    );
    expect(value.output).toEqual({
      quality: 35,
      videoFps: 30,
      gifMaxFps: 10,
      gifRepeat: 2,
      html5Title: 'Launch',
      html5Backup: false,
      adNetwork: 'google-ads',
    });
    expect(value.delivery).toEqual({ clickUrl: 'https://shop.example/', loopCount: 2, gifMaxWidth: null });
  });

  it('print: display_crop_marks is print_options.crop_marks, color_profile a built-in CMYK profile', () => {
    const async = ok(
      parseGenerationRequest(
        'async',
        { print: { display_crop_marks: true, color_profile: 'BE2AB219-8FE4-4D85-91BA-65BDC9DDAF01' } },
        PRINTER,
      ),
    );
    expect(async.printOptions).toEqual({ crop_marks: true, safe_zone: false, color_profile: 'be2ab219-8fe4-4d85-91ba-65bdc9ddaf01' });
    const multipage = ok(parseGenerationRequest('multipage', { pages: {}, print: { display_crop_marks: true } }, MULTIPAGE));
    expect(multipage.printOptions).toEqual({ crop_marks: true, safe_zone: false });
  });

  it('sync: file_compression_level is read; the animated and print objects are refused', () => {
    expect(ok(parseGenerationRequest('sync', { file_compression_level: 80 }, STATIC)).output).toEqual({
      ...NO_OUTPUT_OPTIONS,
      quality: 80,
    });
    expect(issues(parseGenerationRequest('sync', { video: { fps: 30 }, print: {} }, STATIC))).toEqual([
      'video invalid_payload',
      'print invalid_payload',
    ]);
  });

  it('refuses values out of range, unknown keys, the RGB and unknown profiles, and forever on HTML5', () => {
    expect(
      issues(
        parseGenerationRequest(
          'async',
          {
            file_compression_level: 0,
            video: { fps: 120 },
            gif: { max_fps: 0.5, repeat: -2, speed: 2 },
            html5: { repeat: -1, ad_network: 'adform', page_title: '' },
          },
          ANIMATED,
        ),
      ),
    ).toEqual([
      'file_compression_level out_of_range',
      'video.fps out_of_range',
      'gif.max_fps out_of_range',
      'gif.repeat out_of_range',
      'gif unknown_field',
      'html5.page_title out_of_range',
      'html5.ad_network invalid_payload',
      'html5.repeat out_of_range',
    ]);
    expect(issues(parseGenerationRequest('async', { print: { color_profile: 'db3c123e-1127-11ef-b77e-f93002785645' } }, PRINTER))).toEqual([
      'print.color_profile invalid_payload',
    ]);
    expect(issues(parseGenerationRequest('async', { print: { color_profile: '00000000-0000-4000-8000-000000000000' } }, PRINTER))).toEqual([
      'print.color_profile invalid_payload',
    ]);
    expect(issues(parseGenerationRequest('multipage', { pages: {}, file_compression_level: 50 }, MULTIPAGE))).toEqual([
      'file_compression_level invalid_payload',
    ]);
  });

  it('refuses an option on a design type it cannot act on, and a vendor option that contradicts Pressroom’s name for it', () => {
    expect(issues(parseGenerationRequest('async', { video: { fps: 30 }, print: { display_crop_marks: true } }, STATIC))).toEqual([
      'video invalid_payload',
      'print invalid_payload',
    ]);
    expect(
      issues(
        parseGenerationRequest(
          'async',
          { click_url: 'https://a.example/', html5: { click_tag: 'https://b.example/', repeat: 0 }, loop_count: 3 },
          ANIMATED,
        ),
      ),
    ).toEqual(['html5.click_tag invalid_payload', 'html5.repeat invalid_payload']);
    expect(
      issues(parseGenerationRequest('async', { print_options: { crop_marks: false }, print: { display_crop_marks: true } }, PRINTER)),
    ).toEqual(['print.display_crop_marks invalid_payload']);
    // The same value twice is one value.
    expect(
      ok(parseGenerationRequest('async', { click_url: 'https://a.example/', html5: { click_tag: 'https://a.example/' } }, ANIMATED))
        .delivery.clickUrl,
    ).toBe('https://a.example/');
  });
});

describe('checkOutputOptions', () => {
  it('refuses each option for a file type it cannot act on, at its path', () => {
    const all = {
      quality: 50,
      videoFps: 30,
      gifMaxFps: 10,
      gifRepeat: 0,
      html5Title: 't',
      html5Backup: false,
      adNetwork: 'default' as const,
    };
    expect(checkOutputOptions(all, 'mp4').map((i) => i.path)).toEqual([
      'gif.max_fps',
      'gif.repeat',
      'html5.page_title',
      'html5.include_backup_image',
      'html5.ad_network',
    ]);
    expect(checkOutputOptions({ ...NO_OUTPUT_OPTIONS, quality: 50 }, 'pdf').map((i) => i.path)).toEqual(['file_compression_level']);
    expect(checkOutputOptions({ ...NO_OUTPUT_OPTIONS, quality: 50 }, 'png')).toEqual([]);
  });
});

describe('quality mappings', () => {
  it('map 1–100 onto each encoder, best at 100', () => {
    expect([pngCompressionLevel(100), pngCompressionLevel(1)]).toEqual([0, 9]);
    expect([x264Crf(100), x264Crf(70), x264Crf(1)]).toEqual([12, 22, 45]);
    expect([gifColours(100), gifColours(1)]).toEqual([256, 4]);
  });
  it('GIF frame rates have whole-hundredth delays at or below the maximum', () => {
    expect(gifFps(10)).toBe(10);
    expect(gifFps(12.5)).toBe(12.5);
    expect(gifFps(15)).toBeCloseTo(100 / 7);
    expect(gifFps(50)).toBe(50);
    expect(gifFps(1)).toBe(1);
  });
  it('matches profile names loosely and knows the vendor’s built-ins', () => {
    expect(sameProfileName('ISO Coated v2 (ECI)', 'iso coated v2 eci')).toBe(true);
    expect(sameProfileName('ISO Coated v2 (ECI)', 'ISO Coated v2 300% (ECI)')).toBe(false);
    expect(Object.keys(VENDOR_COLOR_PROFILES)).toHaveLength(6);
  });
  it('a render worker honours the built-in profiles whose description one of its ICC files carries', () => {
    expect(honouredColorProfiles(['Artifex CMYK SWOP Profile'])).toEqual([]);
    expect(honouredColorProfiles(['Artifex CMYK SWOP Profile', 'iso uncoated', 'ISO Coated v2 (ECI)'])).toEqual([
      'be2ab219-8fe4-4d85-91ba-65bdc9ddaf01',
      'e0c86a8a-050c-41f1-885a-0f74b9baac50',
    ]);
    expect(CMYK_COLOR_PROFILES).not.toContain('db3c123e-1127-11ef-b77e-f93002785645');
  });
});
