import { describe, expect, it } from 'vitest';
import { checkHtml5Bundle, HTML5_MAX_FILES, HTML5_MAX_ZIP_BYTES, HTML5_RULES, type Html5Bundle } from './html5-rules.js';

const encode = (s: string) => new TextEncoder().encode(s);

const GOOD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Launch</title>
<meta name="ad.size" content="width=300,height=250">
<script>var clickTag = "https://shop.example/launch";</script>
<style>@font-face { font-family: "Inter"; src: url(data:font/woff2;base64,d09GMgABAAAA//8=); }</style>
</head><body><div id="pr-canvas"><img src="data:image/png;base64,iVBORw0KGgo="></div>
<a id="pr-click" href="#"></a>
<script>document.getElementById('pr-click').addEventListener('click', function () { window.open(window.clickTag, '_blank'); });</script>
</body></html>`;

const bundle = (page: string, extra: Partial<Html5Bundle> = {}): Html5Bundle => ({
  zipBytes: 40_000,
  files: [
    { name: 'index.html', bytes: encode(page) },
    { name: 'fallback.jpg', bytes: new Uint8Array(10) },
  ],
  size: { width: 300, height: 250 },
  animations: [{ durationMs: 6000, iterations: 1 }],
  ...extra,
});

const rules = (b: Html5Bundle) => checkHtml5Bundle(b).map((v) => v.rule);

describe('checkHtml5Bundle', () => {
  it('passes a banner built to the convention', () => {
    expect(checkHtml5Bundle(bundle(GOOD_PAGE))).toEqual([]);
  });

  // One broken bundle per rule: each must be caught by its own rule and no other.
  const broken: Record<(typeof HTML5_RULES)[number], Html5Bundle> = {
    zip_size: bundle(GOOD_PAGE, { zipBytes: HTML5_MAX_ZIP_BYTES + 1 }),
    file_count: bundle(GOOD_PAGE, {
      files: [
        { name: 'index.html', bytes: encode(GOOD_PAGE) },
        ...Array.from({ length: HTML5_MAX_FILES }, (_, i) => ({ name: `f${i}.png`, bytes: new Uint8Array(1) })),
      ],
    }),
    file_types: bundle(GOOD_PAGE, {
      files: [
        { name: 'index.html', bytes: encode(GOOD_PAGE) },
        { name: 'font.woff2', bytes: new Uint8Array(1) },
      ],
    }),
    primary_html: bundle(GOOD_PAGE, { files: [{ name: 'banner/index.html', bytes: encode(GOOD_PAGE) }] }),
    document_structure: bundle(GOOD_PAGE.replace('<!doctype html>\n', '')),
    title: bundle(GOOD_PAGE.replace('<title>Launch</title>', '<title> </title>')),
    ad_size: bundle(GOOD_PAGE.replace('width=300,height=250', 'width=320,height=50')),
    click_tag: bundle(GOOD_PAGE.replace('window.open(window.clickTag', 'window.open("https://shop.example"')),
    no_external_requests: bundle(GOOD_PAGE.replace('data:image/png;base64,iVBORw0KGgo=', 'https://cdn.example/a.png')),
    no_storage: bundle(GOOD_PAGE.replace('</body>', '<script>localStorage.setItem("a", "b")</script></body>')),
    animation_length: bundle(GOOD_PAGE, { animations: [{ durationMs: 6000, iterations: Infinity }] }),
  };

  for (const rule of HTML5_RULES) {
    it(`catches a bundle that breaks ${rule}`, () => {
      expect(rules(broken[rule])).toEqual([rule]);
    });
  }

  it('allows the clickTag its URL but no other', () => {
    expect(rules(bundle(GOOD_PAGE.replace('<title>', '<link href="//fonts.example/x.css"><title>')))).toEqual(['no_external_requests']);
  });

  it('limits plays as well as seconds', () => {
    expect(rules(bundle(GOOD_PAGE, { animations: [{ durationMs: 2000, iterations: 4 }] }))).toEqual(['animation_length']);
    expect(rules(bundle(GOOD_PAGE, { animations: [{ durationMs: 10_000, iterations: 3 }] }))).toEqual([]);
  });
});
