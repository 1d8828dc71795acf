import { spawn } from 'node:child_process';

export class FfmpegError extends Error {
  readonly code = 'ffmpeg_failed';
  constructor(message: string) {
    super(message);
    this.name = 'FfmpegError';
  }
}

/**
 * Runs ffmpeg with `input` on stdin; resolves when it exits 0. The abort signal kills it (a
 * worker shutting down releases the job rather than finishing a long encode).
 */
export function runFfmpeg(binary: string, args: string[], input: Buffer, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['pipe', 'ignore', 'pipe'], ...(signal ? { signal } : {}) });
    let stderr = '';
    child.stderr.on('data', (d) => {
      if (stderr.length < 8000) stderr += String(d);
    });
    child.on('error', (err) => reject(err));
    child.on('close', (code, sig) => {
      if (code === 0) resolve();
      else reject(new FfmpegError(`ffmpeg exited with ${code ?? sig}: ${stderr.trim().slice(-2000)}`));
    });
    // ffmpeg may exit before reading everything (a bad stream): that is its exit code's story.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
