import { CodedError } from '@pressroom/model';

/**
 * Errors of the browser layer. Callers branch on the class (or `code`), never on message text.
 * Each code is also a safe metric label.
 */
export class PoolSaturatedError extends CodedError<'pool_saturated'> {
  constructor(readonly queueLength: number) {
    super('pool_saturated', 'PoolSaturatedError', `render pool saturated: ${queueLength} renders already waiting for a page`);
  }
}

export class RenderTimeoutError extends CodedError<'render_timeout'> {
  constructor(readonly timeoutMs: number) {
    super('render_timeout', 'RenderTimeoutError', `render did not finish within ${timeoutMs} ms`);
  }
}

/** The caller's signal aborted the render (job cancelled, shutdown). */
export class RenderAbortedError extends CodedError<'render_aborted'> {
  constructor(cause?: unknown) {
    super('render_aborted', 'RenderAbortedError', 'render aborted', cause);
  }
}

/** The page or browser died under a render, twice in a row (the first time is retried). */
export class BrowserCrashedError extends CodedError<'browser_crashed'> {
  constructor(cause?: unknown) {
    super('browser_crashed', 'BrowserCrashedError', 'the browser crashed during the render', cause);
  }
}

/** Chromium exited before it answered on its DevTools pipe, or did not answer in time. */
export class BrowserLaunchError extends CodedError<'browser_launch_failed'> {
  constructor(
    readonly reason: string,
    /** The last lines Chromium wrote to stderr. */
    readonly stderr: string,
    cause?: unknown,
  ) {
    super('browser_launch_failed', 'BrowserLaunchError', `Chromium did not start: ${reason}${stderr ? `\n${stderr}` : ''}`, cause);
  }
}

export class SupervisorStoppedError extends CodedError<'supervisor_stopped'> {
  constructor() {
    super('supervisor_stopped', 'SupervisorStoppedError', 'the browser supervisor is stopped');
  }
}

/** A page drawing frames on demand returned no screenshot for several frames in a row. */
export class FrameNotDrawnError extends CodedError<'frame_not_drawn'> {
  constructor(readonly frames: number) {
    super('frame_not_drawn', 'FrameNotDrawnError', `the page drew no screenshot in ${frames} frames`);
  }
}
