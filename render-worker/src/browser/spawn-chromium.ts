// Starts Chromium with its DevTools connection on a pipe (fds 3 and 4), using Node's built-ins
// only: a render worker calls this before it loads puppeteer or anything else heavy (its cold
// start, docs/operations.md), and connects puppeteer to the pipe later (connect-browser.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { chromiumArgs } from './chromium-args.js';
import { BrowserLaunchError } from './errors.js';
import { type FrameMode, frameModeOf } from './executable-path.js';
import { createProfileDir, removeProfileDir } from './profile-dirs.js';

export interface SpawnOptions {
  /** Chromium or Chrome to run (`resolveRenderExecutable()`, or the one puppeteer downloaded). */
  executablePath: string;
  extraArgs?: readonly string[];
  /**
   * Folder for Chromium profiles (`profileRoot(DATA_DIR)`): the browser gets its own folder in it,
   * removed once its process has exited. Without it, a temporary folder under the OS temp dir is
   * used and removed the same way.
   */
  profileRoot?: string;
}

/** A Chromium process started by `spawnChromium`, not yet (or no longer) driven by puppeteer. */
export interface ChromiumProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly executablePath: string;
  /** How its pages make frames: on demand in a headless shell (capture.ts), else by the compositor. */
  readonly frameMode: FrameMode;
  readonly userDataDir: string;
  /** fd 3: DevTools messages to the browser, each ended by a NUL byte. */
  readonly toBrowser: Writable;
  /** fd 4: DevTools messages from the browser, each ended by a NUL byte. */
  readonly fromBrowser: Readable;
  /** Resolves once the process has exited (or could not start) and its profile folder is removed. */
  readonly exited: Promise<void>;
  /** Why the process ended, once it has: its exit code or signal, or the spawn error. */
  exitDescription(): string | null;
  /** The last lines Chromium wrote to stderr (for the error of a failed launch). */
  stderrTail(): string;
  /** SIGKILLs the browser and every process in its group (renderers, zygote, GPU). */
  kill(): void;
}

/** The command line of a pipe-driven headless Chromium with its own profile folder. */
export function chromiumCommandLine(input: {
  userDataDir: string;
  runningAsRoot: boolean;
  frameMode?: FrameMode;
  extraArgs?: readonly string[];
}): string[] {
  return [
    ...chromiumArgs({ runningAsRoot: input.runningAsRoot, frameMode: input.frameMode ?? 'compositor', extraArgs: input.extraArgs ?? [] }),
    `--user-data-dir=${input.userDataDir}`,
    '--remote-debugging-pipe',
    // The first tab, which puppeteer's launch also asked for; the pool opens its own windows.
    'about:blank',
  ];
}

const STDERR_LINES = 50;

/**
 * Spawns Chromium and returns as soon as the process exists; it is not ready to answer yet (a
 * program that cannot be run fails with BrowserLaunchError). The browser leads a process group of
 * its own, so a Ctrl-C in the worker's terminal does not reach it (the supervisor closes it) and
 * `kill()` takes its helper processes with it. If this Node process exits while the browser runs,
 * the browser is killed; if it is killed itself, the browser exits when its pipe closes.
 */
export async function spawnChromium(options: SpawnOptions): Promise<ChromiumProcess> {
  const { executablePath } = options;
  const frameMode = frameModeOf(executablePath);
  const userDataDir = await createProfileDir(options.profileRoot ?? join(tmpdir(), 'pressroom-chromium'));
  const child = spawn(
    executablePath,
    chromiumCommandLine({ userDataDir, runningAsRoot: process.getuid?.() === 0, frameMode, extraArgs: options.extraArgs ?? [] }),
    { detached: process.platform !== 'win32', stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
  );
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  // A write or read on a pipe whose browser died fails with EPIPE/ECONNRESET; the exit reports it.
  toBrowser.on('error', () => undefined);
  fromBrowser.on('error', () => undefined);

  const stderr: string[] = [];
  let partial = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    stderr.push(...lines.filter((line) => line.trim() !== ''));
    if (stderr.length > STDERR_LINES) stderr.splice(0, stderr.length - STDERR_LINES);
  });

  let ended: string | null = null;
  const killGroup = () => {
    if (ended !== null || child.pid === undefined) return;
    try {
      process.kill(process.platform === 'win32' ? child.pid : -child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  process.on('exit', killGroup);
  const exited = new Promise<void>((resolve) => {
    const finish = (description: string) => {
      if (ended !== null) return;
      ended = description;
      process.off('exit', killGroup);
      // Helpers of a dead browser may still write into the profile for a moment: removeProfileDir retries.
      void removeProfileDir(userDataDir).finally(resolve);
    };
    child.once('exit', (code, signal) => finish(signal ? `killed by ${signal}` : `exited with code ${code}`));
    child.once('error', (err: NodeJS.ErrnoException) => finish(`could not run ${executablePath} (${err.code ?? err.message})`));
  });

  // 'spawn' or 'error' comes within a tick: the program ran, or it is missing or not executable.
  const ran = await new Promise<boolean>((resolve) => {
    child.once('spawn', () => resolve(true));
    child.once('error', () => resolve(false));
  });
  if (!ran) {
    await exited;
    throw new BrowserLaunchError(ended ?? 'could not start', '');
  }
  return {
    child,
    pid: child.pid ?? -1,
    executablePath,
    frameMode,
    userDataDir,
    toBrowser,
    fromBrowser,
    exited,
    exitDescription: () => ended,
    stderrTail: () => [...stderr, partial].filter(Boolean).join('\n'),
    kill: killGroup,
  };
}
