import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDescribedProfile } from '@pressroom/render-worker/test/described-profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFarm, startFarm, waitForDesigns } from '../farm.js';

/** ISO Coated v2 (ECI), the built-in print profile this farm's render worker holds. */
const ECI = 'be2ab219-8fe4-4d85-91ba-65bdc9ddaf01';

/**
 * The request options of the vendor's documented API (docs/generation.md, "The vendor's request
 * options") on a running farm: each is sent as the official TypeScript SDK sends it, and its
 * effect is read in the file delivered, or its refusal in the answer.
 */
describe('the vendor request options on a running farm', () => {
  let farm: RunningFarm;
  let staticId: string;
  let animatedId: string;
  let printerId: string;
  const work = mkdtempSync(join(tmpdir(), 'pressroom-vendor-options-'));

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${farm.baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': farm.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  type Finished = {
    banners: { file: { url: string; type: string; fallback_image_url?: string } }[];
    errors: { error_id?: string; message?: string }[];
  };
  const generate = async (designId: string, body: Record<string, unknown>): Promise<Finished> => {
    const accepted = await api('POST', `/async/banner-builder/${designId}/generate`, body);
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const id = accepted.json['generation_request_id'] as string;
    const deadline = Date.now() + 300_000;
    for (;;) {
      const { status, json } = await api('GET', `/generation-request/${id}`);
      if (status === 200) return json as unknown as Finished;
      if (Date.now() > deadline) throw new Error(`request ${id} not finished:\n${farm.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  const download = async (url: string, name: string) => {
    const file = join(work, name);
    writeFileSync(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
    return file;
  };
  const refused = async (designId: string, body: Record<string, unknown>, sync = false) => {
    const res = await api('POST', `${sync ? '' : '/async'}/banner-builder/${designId}/generate`, body);
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    return (res.json['errors'] as { path: string; code: string }[]).map((e) => `${e.path} ${e.code}`);
  };
  const probe = (file: string) =>
    JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file], { encoding: 'utf8' })) as {
      streams: Record<string, string | number>[];
    };

  beforeAll(async () => {
    // The refusals go out back to back after the polls of the other cases: lift the global
    // per-second ceiling (it has its own tests), or a clock second may answer 429 instead of 400.
    // The render worker's one profile is Ghostscript's, described as ISO Coated v2 (ECI): a farm
    // that holds one built-in profile (none ships with Pressroom; docs/print.md, "Output profiles").
    const profile = writeDescribedProfile(join(work, 'eci.icc'), 'ISO Coated v2 (ECI)');
    farm = await startFarm({ timeoutMs: 170_000, env: { RATE_LIMIT_GLOBAL_PER_SECOND: '1000', PRINT_CMYK_PROFILE: profile } });
    staticId = (await waitForDesigns(farm, 'type=static'))[0]!.id;
    animatedId = (await waitForDesigns(farm, 'type=animated'))[0]!.id;
    printerId = (await waitForDesigns(farm, 'type=printer'))[0]!.id;
  }, 200_000);
  afterAll(async () => {
    if (farm?.process.exitCode === null) await farm.interrupt();
  });

  it('file_compression_level: the JPEG of level 5 is smaller than that of level 95 (sync), the PNG of 1 than that of 100 (async)', {
    timeout: 120_000,
  }, async () => {
    const sizes: number[] = [];
    for (const level of [5, 95]) {
      const res = await api('POST', `/banner-builder/${staticId}/generate`, {
        template_format_name: 'square',
        file_compression_level: level,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      sizes.push(readFileSync(await download((res.json['file'] as { url: string }).url, `q${level}.jpeg`)).length);
    }
    expect(sizes[0]).toBeLessThan(sizes[1]! / 2);
    const png: number[] = [];
    for (const level of [1, 100]) {
      const done = await generate(staticId, { template_format_names: ['square'], image_file_type: 'png', file_compression_level: level });
      png.push(readFileSync(await download(done.banners[0]!.file.url, `q${level}.png`)).length);
    }
    expect(png[0]).toBeLessThan(png[1]!);
  });

  it('video.fps and file_compression_level: the MP4 runs at 10 fps, encoded at CRF 37', { timeout: 360_000 }, async () => {
    const done = await generate(animatedId, {
      template_format_names: ['square'],
      image_file_type: 'mp4',
      video: { fps: 10 },
      file_compression_level: 25,
    });
    expect(done.errors).toEqual([]);
    const file = await download(done.banners[0]!.file.url, 'fps.mp4');
    const video = probe(file).streams.find((s) => s['codec_type'] === 'video')!;
    expect(video['r_frame_rate']).toBe('10/1');
    expect(Number(video['nb_frames'])).toBe(60);
    // x264 writes its settings into the stream: level 25 is CRF 37 (x264Crf).
    expect(/ crf=([\d.]+) /.exec(readFileSync(file).toString('latin1'))?.[1]).toBe('37.0');
  });

  it('gif.max_fps, gif.repeat and file_compression_level: 10 fps, three repeats, a palette of at most 27 colours', {
    timeout: 360_000,
  }, async () => {
    const done = await generate(animatedId, {
      template_format_names: ['square'],
      image_file_type: 'gif',
      gif_max_width: 270,
      gif: { max_fps: 10.5, repeat: 3 },
      file_compression_level: 10,
    });
    expect(done.errors).toEqual([]);
    const file = await download(done.banners[0]!.file.url, 'loop.gif');
    expect(probe(file).streams[0]!['r_frame_rate']).toBe('10/1');
    const bytes = readFileSync(file);
    // NETSCAPE2.0 application extension: sub-block 3, 1, then the loop count (little endian).
    const at = bytes.indexOf('NETSCAPE2.0', 0, 'latin1');
    expect(at).toBeGreaterThan(0);
    expect(bytes.readUInt16LE(at + 11 + 2)).toBe(3);
    // gifColours(10) = 27 colours: a decoded frame (the photo and gradients of the design) has no more.
    const frame = execFileSync(
      'ffmpeg',
      ['-v', 'error', '-i', file, '-vf', 'select=eq(n\\,30)', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
      {
        maxBuffer: 1 << 24,
      },
    );
    const colours = new Set<number>();
    for (let i = 0; i < frame.length; i += 3) colours.add((frame[i]! << 16) | (frame[i + 1]! << 8) | frame[i + 2]!);
    expect(colours.size).toBeLessThanOrEqual(27);
    expect(colours.size).toBeGreaterThan(4);
  });

  it('html5: page_title, click_tag, repeat, include_backup_image and ad_network shape the zip', { timeout: 360_000 }, async () => {
    const done = await generate(animatedId, {
      template_format_names: ['square'],
      image_file_type: 'html5',
      html5: {
        page_title: 'Vendor title',
        click_tag: 'https://shop.example/vendor',
        repeat: 1,
        include_backup_image: false,
        ad_network: 'google-ads',
      },
      file_compression_level: 30,
    });
    expect(done.errors).toEqual([]);
    const zip = await download(done.banners[0]!.file.url, 'banner.zip');
    expect(execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n')).toEqual(['index.html']);
    expect(readFileSync(zip).length).toBeLessThanOrEqual(150 * 1024);
    const html = execFileSync('unzip', ['-p', zip, 'index.html'], { encoding: 'utf8' });
    expect(html).toContain('<title>Vendor title</title>');
    expect(html).toContain('var clickTag = "https://shop.example/vendor"');
    // repeat 1: two plays, the last stopping at the screenshot (4 s of 6): 1 + 4/6 iterations.
    expect(html).toMatch(/"iterations":1\.66/);
  });

  it('print.display_crop_marks: the sheet grows by the slug and the marks are drawn', { timeout: 200_000 }, async () => {
    const done = await generate(printerId, { template_format_names: ['a6'], print: { display_crop_marks: true } });
    expect(done.errors).toEqual([]);
    const file = await download(done.banners[0]!.file.url, 'marks.pdf');
    const boxes = execFileSync('pdfinfo', ['-box', file], { encoding: 'utf8' });
    const box = (name: string) =>
      /(\S+)\s+(\S+)\s+(\S+)\s+(\S+)$/m
        .exec(boxes.split('\n').find((l) => l.startsWith(name))!)!
        .slice(1)
        .map(Number);
    const slug = (7 * 72) / 25.4;
    expect(box('MediaBox')[2]! - box('BleedBox')[2]!).toBeCloseTo(slug, 0);
  });

  it('print.color_profile: the profile the render workers hold is accepted and printed with; another built-in is refused at submit', {
    timeout: 200_000,
  }, async () => {
    // The refusal reads the render workers' heartbeats: wait for the first one.
    while (((await api('GET', '/capabilities')).json['render_workers'] as number) === 0) await new Promise((r) => setTimeout(r, 500));
    const res = await api('POST', `/async/banner-builder/${printerId}/generate`, {
      template_format_names: ['a6'],
      print: { color_profile: 'e0c86a8a-050c-41f1-885a-0f74b9baac50' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json['errors']).toEqual([
      expect.objectContaining({
        path: 'print.color_profile',
        code: 'invalid_payload',
        message: expect.stringMatching(
          /ISO Uncoated is held by 0 of 1 render workers: add an ICC file described "ISO Uncoated" to PRINT_CMYK_PROFILES/,
        ),
      }),
    ]);
    const done = await generate(printerId, { template_format_names: ['a6'], print: { color_profile: ECI } });
    expect(done.errors).toEqual([]);
    const pdf = readFileSync(await download(done.banners[0]!.file.url, 'eci.pdf')).toString('latin1');
    expect(pdf).toMatch(/\/OutputCondition \(ISO Coated v2 \\?\(ECI\\?\)\)/);
    const profiles = (await api('GET', '/capabilities')).json['print'] as { color_profiles: { id: string; available: boolean }[] };
    expect(profiles.color_profiles.filter((p) => p.available).map((p) => p.id)).toEqual([ECI]);
  });

  it('refuses what cannot act, at its path', async () => {
    expect(await refused(staticId, { template_format_name: 'square', video: { fps: 30 } }, true)).toEqual(['video invalid_payload']);
    expect(await refused(staticId, { image_file_type: 'pdf', file_compression_level: 50 })).toEqual([
      'file_compression_level invalid_payload',
    ]);
    expect(await refused(printerId, { file_compression_level: 50 })).toEqual(['file_compression_level invalid_payload']);
    expect(await refused(animatedId, { image_file_type: 'mp4', gif: { repeat: 2 } })).toEqual(['gif.repeat invalid_payload']);
    expect(await refused(animatedId, { image_file_type: 'html5', html5: { ad_network: 'adform', repeat: -1 } })).toEqual([
      'html5.ad_network invalid_payload',
      'html5.repeat out_of_range',
    ]);
    expect(await refused(animatedId, { image_file_type: 'gif', gif: { speed: 2 } })).toEqual(['gif unknown_field']);
    expect(await refused(printerId, { print: { color_profile: 'db3c123e-1127-11ef-b77e-f93002785645' } })).toEqual([
      'print.color_profile invalid_payload',
    ]);
  });
});
