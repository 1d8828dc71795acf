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

/** The JPEGs of an MJPEG stream (a frame range): each starts with SOI (FF D8) and ends with EOI (FF D9). */
export function splitJpegs(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf(Buffer.from([0xff, 0xd9]), at);
    let next = bytes.indexOf(Buffer.from([0xff, 0xd8, 0xff]), end);
    if (next < 0) next = bytes.length;
    out.push(bytes.subarray(at, next));
    at = next;
  }
  return out;
}
