/**
 * Errors of the browser layer. Callers branch on the class (or `code`), never on message text.
 * Each code is also a safe metric label.
 */
export class PoolSaturatedError extends Error {
  readonly code = 'pool_saturated';
  constructor(readonly queueLength: number) {
    super(`render pool saturated: ${queueLength} renders already waiting for a page`);
    this.name = 'PoolSaturatedError';
  }
}

export class RenderTimeoutError extends Error {
  readonly code = 'render_timeout';
  constructor(readonly timeoutMs: number) {
    super(`render did not finish within ${timeoutMs} ms`);
    this.name = 'RenderTimeoutError';
  }
}

/** The caller's signal aborted the render (job cancelled, shutdown). */
export class RenderAbortedError extends Error {
  readonly code = 'render_aborted';
  constructor(cause?: unknown) {
    super('render aborted', cause === undefined ? undefined : { cause });
    this.name = 'RenderAbortedError';
  }
}

/** The page or browser died under a render, twice in a row (the first time is retried). */
export class BrowserCrashedError extends Error {
  readonly code = 'browser_crashed';
  constructor(cause?: unknown) {
    super('the browser crashed during the render', cause === undefined ? undefined : { cause });
    this.name = 'BrowserCrashedError';
  }
}

/** Chromium exited before it answered on its DevTools pipe, or did not answer in time. */
export class BrowserLaunchError extends Error {
  readonly code = 'browser_launch_failed';
  constructor(
    readonly reason: string,
    /** The last lines Chromium wrote to stderr. */
    readonly stderr: string,
    cause?: unknown,
  ) {
    super(`Chromium did not start: ${reason}${stderr ? `\n${stderr}` : ''}`, cause === undefined ? undefined : { cause });
    this.name = 'BrowserLaunchError';
  }
}

export class SupervisorStoppedError extends Error {
  readonly code = 'supervisor_stopped';
  constructor() {
    super('the browser supervisor is stopped');
    this.name = 'SupervisorStoppedError';
  }
}
