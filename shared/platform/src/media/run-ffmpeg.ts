import { spawn } from 'node:child_process';

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
 * encode).
 */
export function runFfmpeg(binary: string, args: string[], input: Buffer | null, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'], ...(signal ? { signal } : {}) });
    let stderr = '';
    const out: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d) => {
      if (stderr.length < 8000) stderr += String(d);
    });
    child.on('error', (err) => reject(err));
    child.on('close', (code, sig) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new FfmpegError(`ffmpeg exited with ${code ?? sig}: ${stderr.trim().slice(-2000)}`));
    });
    // ffmpeg may exit before reading everything (a bad stream): that is its exit code's story.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? undefined);
  });
}
