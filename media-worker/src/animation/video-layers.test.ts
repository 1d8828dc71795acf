import { describe, expect, it } from 'vitest';
import { VideoFrames, videoDecodeArgs } from './video-layers.js';

describe('videoDecodeArgs', () => {
  it('covers the box: scaled to cover it, the centre cropped to exactly its size, raw RGBA at the rate', () => {
    const args = videoDecodeArgs('/tmp/v', 25, { size: [700, 560], fit: 'cover' });
    expect(args.slice(args.indexOf('-i'), args.indexOf('-i') + 2)).toEqual(['-i', '/tmp/v']);
    expect(args[args.indexOf('-vf') + 1]).toBe('fps=25,scale=700:560:force_original_aspect_ratio=increase,crop=700:560,format=rgba');
    expect(args.slice(-5)).toEqual(['-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1']);
    expect(args).toContain('-an');
  });

  it('contains: scaled to fit inside, padded transparent to the box, centred', () => {
    const args = videoDecodeArgs('/tmp/v', 12.5, { size: [420, 200], fit: 'contain' });
    expect(args[args.indexOf('-vf') + 1]).toBe(
      'fps=12.5,scale=420:200:force_original_aspect_ratio=decrease,format=rgba,pad=420:200:(ow-iw)/2:(oh-ih)/2:color=black@0',
    );
  });
});

describe('VideoFrames', () => {
  async function* frames(n: number): AsyncGenerator<Buffer> {
    for (let i = 0; i < n; i += 1) yield Buffer.from([i]);
  }

  it('answers each asked frame, skipping those between, and holds the last past the end', async () => {
    const v = new VideoFrames(frames(5));
    expect(await v.at(0)).toEqual({ index: 0, bytes: Buffer.from([0]) });
    expect(await v.at(0)).toEqual({ index: 0, bytes: Buffer.from([0]) });
    expect(await v.at(3)).toEqual({ index: 3, bytes: Buffer.from([3]) });
    expect(await v.at(9)).toEqual({ index: 4, bytes: Buffer.from([4]) });
    expect(await v.at(12)).toEqual({ index: 4, bytes: Buffer.from([4]) });
    await v.close();
  });

  it('answers null for a video without a frame', async () => {
    const v = new VideoFrames(frames(0));
    expect(await v.at(2)).toBeNull();
  });
});
