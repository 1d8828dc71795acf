import { describe, expect, it } from 'vitest';
import { GIF_ONE_PASS_MAX_BYTES, gifArgs, gifPaletteArgs, gifPasses, mp4Args } from './ffmpeg-args.js';

describe('ffmpeg arguments', () => {
  it('MP4: JPEG frames from stdin at the video rate to H.264 yuv420p with faststart', () => {
    const args = mp4Args({ fps: 25 }, { path: '/tmp/o.mp4', width: 1080, height: 1080, audio: null });
    expect(args.slice(args.indexOf('-f'), args.indexOf('-f') + 8)).toEqual([
      '-f',
      'image2pipe',
      '-c:v',
      'mjpeg',
      '-framerate',
      '25',
      '-i',
      'pipe:0',
    ]);
    expect(args[args.indexOf('-c:v', args.indexOf('pipe:0')) + 1]).toBe('libx264');
    expect(args[args.indexOf('-pix_fmt') + 1]).toBe('yuv420p');
    expect(args[args.indexOf('-movflags') + 1]).toBe('+faststart');
    expect(args).not.toContain('-vf');
    expect(args).toContain('-an');
    expect(args.at(-1)).toBe('/tmp/o.mp4');
  });

  it('composited frames: raw RGBA of the given size from stdin, for MP4 and GIF alike', () => {
    const raw = { fps: 25, raw: { width: 1080, height: 720 } };
    for (const args of [
      mp4Args(raw, { path: '/tmp/o.mp4', width: 1080, height: 720, audio: null }),
      gifArgs(raw, { path: '/tmp/o.gif', width: 1080, height: 720, fps: 25 }, { width: 1080, height: 720 }, [0]),
    ]) {
      expect(args.slice(args.indexOf('-f'), args.indexOf('-f') + 10)).toEqual([
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgba',
        '-s',
        '1080x720',
        '-framerate',
        '25',
        '-i',
        'pipe:0',
      ]);
      expect(args).not.toContain('mjpeg');
    }
  });

  it('composited MP4 frames in I420: yuv420p from stdin, nothing to convert', () => {
    const args = mp4Args(
      { fps: 25, raw: { width: 1080, height: 720, pixels: 'i420' } },
      { path: '/tmp/o.mp4', width: 1080, height: 720, audio: null },
    );
    expect(args.slice(args.indexOf('-f'), args.indexOf('-f') + 6)).toEqual(['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', '1080x720']);
  });

  it('MP4 with sound: the raw mix as a second input, AAC, both streams mapped', () => {
    const args = mp4Args(
      { fps: 25 },
      { path: 'o.mp4', width: 100, height: 100, audio: { path: '/tmp/mix.f32', rate: 48000, channels: 2 } },
    );
    const second = args.indexOf('-i', args.indexOf('pipe:0'));
    expect(args.slice(second - 6, second + 2)).toEqual(['-f', 'f32le', '-ar', '48000', '-ac', '2', '-i', '/tmp/mix.f32']);
    expect(args[args.indexOf('-c:a') + 1]).toBe('aac');
    expect(args.filter((a) => a === '-map')).toHaveLength(2);
    expect(args).not.toContain('-an');
  });

  it('MP4: pads odd sizes to even ones, which yuv420p needs', () => {
    const args = mp4Args({ fps: 25 }, { path: 'o.mp4', width: 1081, height: 600, audio: null });
    expect(args[args.indexOf('-vf') + 1]).toBe('pad=1082:600');
  });

  it('GIF: palettegen over the frames given and paletteuse over every frame of the thinned clip at the format size, looping', () => {
    const args = gifArgs({ fps: 25 }, { path: 'o.gif', width: 1080, height: 1080, fps: 12.5 }, { width: 1080, height: 1080 }, [0, 4, 6]);
    expect(args[args.indexOf('-filter_complex') + 1]).toBe(
      [
        'fps=12.5,split[a][b]',
        '[a]select=eq(n\\,0)+eq(n\\,4)+eq(n\\,6),palettegen=max_colors=256:stats_mode=full[p]',
        '[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle',
      ].join(';'),
    );
    expect(args[args.indexOf('-loop') + 1]).toBe('0');
    expect(() => gifArgs({ fps: 25 }, { path: 'o.gif', width: 10, height: 10, fps: 12.5 }, { width: 10, height: 10 }, [])).toThrow(
      /at least one frame/,
    );
  });

  it('GIF in two passes (composited frames): the palette alone, then the GIF from the frames and the palette', () => {
    const raw = { fps: 12.5, raw: { width: 1920, height: 1080 } };
    const out = { path: 'o.gif', width: 540, height: 304, fps: 12.5, colours: 64 };
    const first = gifPaletteArgs(raw, out, { width: 1920, height: 1080 }, '/tmp/p.png');
    expect(first[first.indexOf('-vf') + 1]).toBe('fps=12.5,scale=540:304:flags=lanczos,palettegen=max_colors=64:stats_mode=full');
    expect(first.slice(-3)).toEqual(['-frames:v', '1', '/tmp/p.png']);
    const second = gifArgs(raw, out, { width: 1920, height: 1080 }, '/tmp/p.png');
    expect(second.slice(second.indexOf('pipe:0') + 1, second.indexOf('pipe:0') + 3)).toEqual(['-i', '/tmp/p.png']);
    expect(second[second.indexOf('-filter_complex') + 1]).toBe(
      '[0:v]fps=12.5,scale=540:304:flags=lanczos[f];[f][1:v]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle',
    );
    expect(second).not.toContain('palettegen');
  });

  it('GIF passes: one while the frames fit GIF_ONE_PASS_MAX_BYTES, two beyond', () => {
    const square = { width: 1080, height: 1080 };
    expect(gifPasses(25, square)).toBe(1); // 2 s at 12.5 fps: 117 MB
    expect(gifPasses(63, square)).toBe(2); // 5 s: 294 MB, about 674 MB of ffmpeg
    expect(gifPasses(Math.floor(GIF_ONE_PASS_MAX_BYTES / (1080 * 1080 * 4)), square)).toBe(1);
    expect(gifPasses(Math.floor(GIF_ONE_PASS_MAX_BYTES / (1080 * 1080 * 4)) + 1, square)).toBe(2);
    expect(gifPasses(750, square)).toBe(2); // 60 s: 3.5 GB in one pass
  });

  it('GIF: scaled to exactly the size asked when smaller than the frames', () => {
    const args = gifArgs({ fps: 25 }, { path: 'o.gif', width: 540, height: 304, fps: 12.5 }, { width: 1920, height: 1080 }, [0]);
    expect(args[args.indexOf('-filter_complex') + 1]).toContain('fps=12.5,scale=540:304:flags=lanczos,split');
  });

  it('the vendor options: file_compression_level sets the CRF and the palette size, gif.repeat the loop count', () => {
    const mp4 = mp4Args({ fps: 30 }, { path: 'o.mp4', width: 100, height: 100, audio: null, crf: 40 });
    expect(mp4[mp4.indexOf('-crf') + 1]).toBe('40');
    expect(mp4[mp4.indexOf('-r') + 1]).toBe('30');
    const gif = (repeat?: number) =>
      gifArgs(
        { fps: 10 },
        { path: 'o.gif', width: 100, height: 100, fps: 10, colours: 16, ...(repeat === undefined ? {} : { repeat }) },
        { width: 100, height: 100 },
        [0],
      );
    expect(gif()[gif().indexOf('-filter_complex') + 1]).toContain('palettegen=max_colors=16:');
    // ffmpeg: 0 loops forever, -1 plays once, N repeats N times.
    expect([-1, 0, 3].map((r) => gif(r)[gif(r).indexOf('-loop') + 1])).toEqual(['0', '-1', '3']);
    expect(gif()[gif().indexOf('-loop') + 1]).toBe('0');
  });
});
