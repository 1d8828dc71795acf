import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveFfmpegPath } from './ffmpeg-path.js';

describe('resolveFfmpegPath', () => {
  it('takes FFMPEG_PATH as it is', () => {
    expect(resolveFfmpegPath('/opt/ffmpeg/bin/ffmpeg')).toBe('/opt/ffmpeg/bin/ffmpeg');
  });

  it('never names a binary that is not there: the package binary when present, else ffmpeg on PATH', () => {
    const path = resolveFfmpegPath(undefined);
    expect(path === 'ffmpeg' || existsSync(path), path).toBe(true);
  });
});
