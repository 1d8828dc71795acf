import { describe, expect, it } from 'vitest';
import { splitMjpeg, videoFrameArgs } from './video-frames.js';

describe('videoFrameArgs', () => {
  it('seeks to the first frame, keeps the output rate and covers the box', () => {
    const args = videoFrameArgs({
      path: '/tmp/v',
      fps: 25,
      first: 50,
      count: 3,
      layer: { box: { width: 320, height: 240 }, fit: 'cover' },
    });
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 2)).toEqual(['-ss', '2.000000']);
    expect(args[args.indexOf('-vf') + 1]).toBe('fps=25,scale=320:240:force_original_aspect_ratio=increase:force_divisible_by=2');
    expect(args[args.indexOf('-frames:v') + 1]).toBe('3');
    expect(args.at(-1)).toBe('pipe:1');
  });
  it('fits inside the box for fill, and does not seek from frame 0', () => {
    const args = videoFrameArgs({ path: '/tmp/v', fps: 25, first: 0, count: 1, layer: { box: { width: 10, height: 10 }, fit: 'contain' } });
    expect(args).not.toContain('-ss');
    expect(args[args.indexOf('-vf') + 1]).toContain('force_original_aspect_ratio=decrease');
  });
});

describe('splitMjpeg', () => {
  it('splits back-to-back JPEGs at their end markers', () => {
    const a = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 0xff, 0xd9]);
    const b = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 3, 0xff, 0x00, 0xff, 0xd9]);
    expect(splitMjpeg(Buffer.concat([a, b]))).toEqual([a, b]);
    expect(splitMjpeg(Buffer.alloc(0))).toEqual([]);
  });
});
