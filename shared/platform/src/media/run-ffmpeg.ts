import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';

export class FfmpegError extends Error {
  readonly code = 'ffmpeg_failed';
  constructor(message: string) {
    super(message);
    this.name = 'FfmpegError';
  }
}

/**
 * Runs ffmpeg with `input` (if any) on stdin; resolves with its stdout when it exits 0. The
 * abort signal kills it (a worker shutting down releases the job rather than finishing a long
 * encode). An async iterable input is streamed with backpressure as its chunks come (the
 * encode of an animation reads its frame ranges while later ones are still captured); when it
 * throws, ffmpeg is killed and the promise rejects with that error.
 */
export function runFfmpeg(
  binary: string,
  args: string[],
  input: Buffer | AsyncIterable<Buffer> | null,
  signal?: AbortSignal,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'], ...(signal ? { signal } : {}) });
    let stderr = '';
    const out: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d) => {
      if (stderr.length < 8000) stderr += String(d);
    });
    child.on('error', (err) => reject(err));
    let sourceError: unknown = null;
    child.on('close', (code, sig) => {
      if (sourceError !== null) reject(sourceError);
      else if (code === 0) resolve(Buffer.concat(out));
      else reject(new FfmpegError(`ffmpeg exited with ${code ?? sig}: ${stderr.trim().slice(-2000)}`));
    });
    // ffmpeg may exit before reading everything (a bad stream): that is its exit code's story.
    child.stdin.on('error', () => undefined);
    if (input === null || Buffer.isBuffer(input)) {
      child.stdin.end(input ?? undefined);
      return;
    }
    const source = Readable.from(input, { objectMode: false });
    source.on('error', (err) => {
      sourceError = err;
      child.kill('SIGKILL');
    });
    // ffmpeg gone (done or failed): stop reading the source; its producer is told by the caller.
    child.once('close', () => source.destroy());
    source.pipe(child.stdin);
  });
}
