import { HTML5_MAX_LOOPS, HTML5_MAX_PLAY_SECONDS } from './delivery.js';

/**
 * The checks an HTML5 banner must pass before an ad server takes it, modelled on the published
 * rules of Google's HTML5 validator and Google Web Designer's Ad Validator for Google Ads, with
 * the IAB's clickTag convention (docs/animation.md, "HTML5 for ad servers"). Pure: the caller
 * unzips the bundle and, for the timing rule, reads the page's animations in a browser.
 */

/** Google Ads and AdMob: at most 150 KB zipped (DV360 allows 500 KB). */
export const HTML5_MAX_ZIP_BYTES = 150 * 1024;
/** Google Ads: at most 40 files in the zip. */
export const HTML5_MAX_FILES = 40;
/** The file types Google Ads accepts inside an HTML5 zip. */
export const HTML5_FILE_TYPES = ['html', 'htm', 'css', 'js', 'gif', 'png', 'jpg', 'jpeg', 'svg'] as const;

export const HTML5_RULES = [
  'zip_size',
  'file_count',
  'file_types',
  'primary_html',
  'document_structure',
  'title',
  'ad_size',
  'click_tag',
  'no_external_requests',
  'no_storage',
  'animation_length',
] as const;
export type Html5Rule = (typeof HTML5_RULES)[number];

export interface Html5Violation {
  rule: Html5Rule;
  message: string;
}

export interface Html5Bundle {
  /** The zip's own size, bytes. */
  zipBytes: number;
  /** Every file in the zip, by its path inside it. */
  files: { name: string; bytes: Uint8Array }[];
  /** The size the banner is served at. */
  size: { width: number; height: number };
  /** The page's animations as a browser reports them (duration of one play, ms, and plays); omit to skip that rule. */
  animations?: { durationMs: number; iterations: number }[];
}

const decoder = new TextDecoder();

/** Every rule the bundle breaks, in the order of `HTML5_RULES`; empty when an ad server would take it. */
export function checkHtml5Bundle(bundle: Html5Bundle): Html5Violation[] {
  const out: Html5Violation[] = [];
  const add = (rule: Html5Rule, message: string) => out.push({ rule, message });

  if (bundle.zipBytes > HTML5_MAX_ZIP_BYTES) add('zip_size', `the zip is ${bundle.zipBytes} bytes; the limit is ${HTML5_MAX_ZIP_BYTES}`);
  if (bundle.files.length > HTML5_MAX_FILES)
    add('file_count', `the zip holds ${bundle.files.length} files; the limit is ${HTML5_MAX_FILES}`);
  const types: readonly string[] = HTML5_FILE_TYPES;
  const foreign = bundle.files.filter((f) => !types.includes(extension(f.name)));
  if (foreign.length > 0) add('file_types', `not accepted inside the zip: ${foreign.map((f) => f.name).join(', ')}`);

  const pages = bundle.files.filter((f) => !f.name.includes('/') && /\.html?$/i.test(f.name));
  if (pages.length !== 1) {
    add('primary_html', `the zip's root must hold exactly one HTML file; it holds ${pages.length}`);
    return out;
  }
  const html = decoder.decode(pages[0]!.bytes);
  const texts = bundle.files.filter((f) => /\.(html?|css|js|svg)$/i.test(f.name)).map((f) => decoder.decode(f.bytes));

  const order = ['<!doctype html', '<html', '<head', '<body'].map((tag) => html.toLowerCase().indexOf(tag));
  if (order.some((i) => i < 0) || order.some((i, k) => k > 0 && i < order[k - 1]!)) {
    add('document_structure', 'the page needs <!doctype html>, <html>, <head> and <body>, in that order');
  }
  const title = /<title>([^<]*)<\/title>/i.exec(html);
  if (!title || title[1]!.trim() === '') add('title', 'the page has no <title>');

  const head = html.slice(0, Math.max(0, html.toLowerCase().indexOf('</head>')));
  const adSize = /<meta\s+name="ad\.size"\s+content="width=(\d+),height=(\d+)"\s*\/?>/i.exec(head);
  if (!adSize) add('ad_size', 'the <head> has no <meta name="ad.size" content="width=…,height=…">');
  else if (Number(adSize[1]) !== bundle.size.width || Number(adSize[2]) !== bundle.size.height) {
    add('ad_size', `ad.size says ${adSize[1]}×${adSize[2]}; the banner is ${bundle.size.width}×${bundle.size.height}`);
  }

  const declared = /\bvar\s+clickTag\s*=/.test(html);
  const opened = /window\.open\(\s*window\.clickTag\b/.test(html);
  if (!declared || !opened) add('click_tag', 'the page must declare a global clickTag and open window.clickTag on click');

  // The clickTag's value is a URL by design; every other absolute URL would be a request.
  const withoutClickTag = texts.map((t) => t.replace(/\bvar\s+clickTag\s*=\s*"(?:[^"\\]|\\.)*"/g, ''));
  const external = withoutClickTag.flatMap((t) => [
    ...t.matchAll(/(?:\b(?:src|href)\s*=\s*["']?|url\(\s*["']?|@import\s+["'])((?:https?:)?\/\/[^"')\s>]+)/gi),
  ]);
  if (external.length > 0) add('no_external_requests', `requests outside the zip: ${external.map((m) => m[1]).join(', ')}`);
  if (texts.some((t) => /\b(?:localStorage|sessionStorage|document\.cookie)\b/.test(t))) {
    add('no_storage', 'HTML5 ads may not use local storage or cookies');
  }

  if (bundle.animations) {
    const plays = Math.max(0, ...bundle.animations.map((a) => a.iterations));
    const seconds = Math.max(0, ...bundle.animations.map((a) => (a.durationMs * a.iterations) / 1000));
    if (!Number.isFinite(plays) || Math.ceil(plays - 1e-9) > HTML5_MAX_LOOPS || seconds > HTML5_MAX_PLAY_SECONDS + 1e-6) {
      add(
        'animation_length',
        `the animation plays ${plays} times for ${seconds} s; the limit is ${HTML5_MAX_LOOPS} plays and ${HTML5_MAX_PLAY_SECONDS} s`,
      );
    }
  }
  return out;
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}
