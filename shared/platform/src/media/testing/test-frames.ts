// Test helper: JPEG frames back to back (the MJPEG of a frame range), made by ffmpeg from one of
// its lavfi sources (`testsrc=size=64x48:rate=25`, `color=c=red:size=1080x1080:rate=25`).
import { runFfmpeg } from '../run-ffmpeg.js';

export function mjpegTestFrames(ffmpeg: string, source: string, count: number): Promise<Buffer> {
  return runFfmpeg(
    ffmpeg,
    ['-v', 'error', '-f', 'lavfi', '-i', source, '-frames:v', String(count), '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1'],
    null,
  );
}
