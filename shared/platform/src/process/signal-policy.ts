/**
 * What one more stop signal means while a process is already shutting down.
 *
 * A single Ctrl-C reaches a process by several routes at once: the terminal sends SIGINT to the
 * whole foreground process group, npm forwards it to its script, and a supervisor may send
 * SIGTERM as well. Those copies arrive within milliseconds of each other and are one request, so
 * they are ignored. A signal that comes later than `repeatWindowMs` after the first is a person
 * pressing Ctrl-C again because they do not want to wait: that one forces the exit.
 */
export type SignalDecision = 'drain' | 'ignore' | 'force';

export const REPEAT_SIGNAL_WINDOW_MS = 1_500;

export function decideSignal(firstSignalAt: number | undefined, now: number, repeatWindowMs = REPEAT_SIGNAL_WINDOW_MS): SignalDecision {
  if (firstSignalAt === undefined) return 'drain';
  return now - firstSignalAt < repeatWindowMs ? 'ignore' : 'force';
}
