// Video and audio layers on the farm: a tiny red video with a tone and a tone as an audio layer,
// made with ffmpeg at test time and served from a loopback server, are added to the example
// animated design. The MP4 carries the video's pixels in its box inside its window and the mixed
// sound; muted layers give no audio stream; a GIF that would have to carry sound is refused; a
// source that cannot be fetched fails the file naming the layer (docs/animation.md).
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadControlPlaneConfig } from '@pressroom/control-plane/config';
import type { AnimatedDesign } from '@pressroom/model';
import { createStorage, parseExampleDocument } from '@pressroom/platform';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  dumpOutputs,
  type Farm,
  type Json,
  seedExample,
  startFarm,
  waitFinal,
  waitForWorkers,
} from '../tasks/testing/farm-processes.js';

const SECONDS = 2;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

interface Probe {
  streams: { codec_type: string; codec_name: string; duration?: string }[];
}
const ffprobe = (path: string): Probe =>
  JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', path], { encoding: 'utf8' })) as Probe;

/** The RGB of one pixel of the MP4's frame at `t` seconds. */
async function pixelAt(path: string, t: number, x: number, y: number): Promise<[number, number, number]> {
  const png = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-ss',
    String(t),
    '-i',
    path,
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    'pipe:1',
  ]);
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

describe('video and audio layers in animated files (control plane + render worker + media worker)', () => {
  let db: TestDatabase;
  let farm: Farm;
  let seed: Awaited<ReturnType<typeof seedExample>>;
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressroom-media-layers-e2e-'));
    // A 3 s pure red 320×240 video at 25 fps with a 440 Hz tone, and a 3 s 660 Hz tone.
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=320x240:r=25:d=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', join(dir, 'clip.mp4')],
    ]);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=660:duration=3', join(dir, 'music.wav')]);
    const files: Record<string, Buffer> = {
      '/clip.mp4': await readFile(join(dir, 'clip.mp4')),
      '/music.wav': await readFile(join(dir, 'music.wav')),
    };
    server = createServer((req, res) => {
      const body = files[req.url ?? ''];
      if (!body) {
        res.writeHead(404).end();
        return;
      }
      res
        .writeHead(200, { 'content-type': req.url?.endsWith('.wav') ? 'audio/wav' : 'video/mp4', 'content-length': body.length })
        .end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    db = await testDatabase();
    farm = await startFarm({
      databaseUrl: db.url,
      workers: 1,
      mediaWorkers: 1,
      // The sources live on loopback; a part's deadline is wide because CI shares 2 cores.
      env: { LOG_LEVEL: 'info', ANIMATION_PART_TIMEOUT_MS: '180000', OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' },
    });
    const storage = await createStorage(loadControlPlaneConfig({ DATA_DIR: farm.dataDir, DATABASE_URL: db.url }), {
      dataDir: farm.dataDir,
      publicBaseUrl: farm.baseUrl,
    });
    seed = await seedExample(db.pool, 'animated-product-launch.json', storage);
    const box = { x: 0, y: 0, width: 320, height: 240 };
    const media = [
      {
        name: 'clip',
        type: 'video',
        layout: { square: box, wide: box },
        properties: { src: `${base}/clip.mp4`, muted: false, max_volume: 1, fitting_type: 'cover' },
        animation: { start_at_s: 0.5, end_at_s: 1.5, tweens: [] },
      },
      {
        name: 'music',
        type: 'audio',
        layout: { square: box, wide: box },
        properties: { src: `${base}/music.wav`, muted: false, max_volume: 0.8, speed: 1 },
        animation: {
          start_at_s: null,
          end_at_s: null,
          tweens: [
            {
              id: 'music-in',
              type: 'audioFade',
              keyframes: [
                { time: 0, attr: { volumeEffect: 0 }, easing: 'linear' },
                { time: 1, attr: { volumeEffect: 1 }, easing: 'linear' },
              ],
            },
          ],
        },
      },
    ];
    // Parsed as the API stores them, then cut to 2 s (tweens past the cut hold, docs/animation.md)
    // with the media layers on top.
    const example = JSON.parse(await readFile(join(ROOT, 'examples/designs/animated-product-launch.json'), 'utf8'));
    example.layers.push(...media);
    const parsed = parseExampleDocument(example);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    const stored = (parsed.design as AnimatedDesign).elements.slice(-media.length);
    await db.pool.query(
      `UPDATE designs SET document = jsonb_set(jsonb_set(jsonb_set(document, '{animation,duration}', to_jsonb($2::numeric)),
         '{animation,screenshot_at_s}', to_jsonb(1)), '{elements}', (document->'elements') || $3::jsonb) WHERE id = $1`,
      [seed.designId, SECONDS, JSON.stringify(stored)],
    );
    await waitForWorkers(db.pool, farm, 1);
  }, 240_000);

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-media-layers-e2e-farm.log`);
    await farm?.stop();
    await db?.drop();
    server?.close();
  });

  const generate = async (body: Record<string, Json>) => {
    const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
      template_format_names: ['square'],
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return waitFinal(farm, seed.key, res.body.generation_request_id as string, 300_000);
  };
  const download = async (url: string, name: string) => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const path = join(dir, name);
    await writeFile(path, Buffer.from(await res.arrayBuffer()));
    return path;
  };

  it('MP4: the video shows in its box inside its window, and the sound is mixed in, as long as the video', {
    timeout: 360_000,
  }, async () => {
    const final = await generate({});
    expect(final.errors).toEqual([]);
    const path = await download((final.banners as Json[])[0]!.file.url as string, 'with-sound.mp4');
    const probe = ffprobe(path);
    const audio = probe.streams.find((s) => s.codec_type === 'audio');
    expect(audio?.codec_name).toBe('aac');
    expect(Math.abs(Number(audio?.duration) - SECONDS)).toBeLessThan(0.1);
    // Inside the window (0.5–1.5 s) the box is the video's red; before it, the design shows through.
    const inside = await pixelAt(path, 1.0, 160, 120);
    expect(inside[0]).toBeGreaterThan(200);
    expect(inside[1]).toBeLessThan(60);
    expect(inside[2]).toBeLessThan(60);
    const before = await pixelAt(path, 0.2, 160, 120);
    expect(before[0] > 200 && before[1] < 60 && before[2] < 60).toBe(false);
    // Sound: near silence at the start (the fade starts at 0), a tone after the fade.
    const meanDb = (from: number) => {
      const out = execFileSync('sh', ['-c', `ffmpeg -v info -ss ${from} -t 0.2 -i '${path}' -vn -af volumedetect -f null - 2>&1`], {
        encoding: 'utf8',
      });
      return Number(/mean_volume: (-?[\d.]+) dB/.exec(out)?.[1] ?? '-inf');
    };
    expect(meanDb(1.6)).toBeGreaterThan(meanDb(0) + 10);
  });

  it('muted layers give an MP4 without an audio stream', { timeout: 360_000 }, async () => {
    const final = await generate({ elements: { clip: { video_muted: true }, music: { audio_muted: true } } });
    expect(final.errors).toEqual([]);
    const path = await download((final.banners as Json[])[0]!.file.url as string, 'muted.mp4');
    expect(ffprobe(path).streams.map((s) => s.codec_type)).toEqual(['video']);
  });

  it('a GIF that would have to carry sound is refused (cannot_build_banner), naming the layer', { timeout: 360_000 }, async () => {
    const final = await generate({ image_file_type: 'gif' });
    expect(final.banners).toEqual([]);
    const errors = JSON.stringify(final.errors);
    // errors[] carries the format and the reason (the classified id, cannot_build_banner, is not in it).
    expect(errors).toContain('Layer \\"clip\\"');
    expect(errors).toContain('cannot carry sound');
  });

  it('a source that cannot be fetched fails the file (image_fetching_error), naming the layer', { timeout: 360_000 }, async () => {
    const final = await generate({ elements: { clip: { video_url: `${base}/missing.mp4` } } });
    expect(final.banners).toEqual([]);
    const errors = JSON.stringify(final.errors);
    expect(errors).toContain('The video of layer \\"clip\\"');
    expect(errors).toContain('could not be fetched (bad status)');
  });
});
