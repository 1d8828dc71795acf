/**
 * Which browser (lane) a page is taken from: a pure decision over what each lane holds, so that it
 * can be tested without Chromium (a race in it once needed a Chromium e2e test to show).
 */

/** What a lane holds right now, as the picker sees it. `P` is a pooled page. */
export interface LaneLoad<P> {
  /** The lane's live browser (connected, not being recycled), or null: none yet, crashed or retired. */
  readonly live: { readonly leased: number; readonly idle: readonly P[] } | null;
  /**
   * Pages being opened in this lane right now. Each caller that picked the lane takes one of its
   * idle pages after an await, so that many idle pages are promised already.
   */
  readonly opening: number;
}

/**
 * The index of the lane a page is taken from: one holding an idle page the caller prefers (a page
 * that holds its design warm), else one holding any idle page, else the one with the fewest pages
 * (a launched browser before one still to launch), so the pages spread evenly over the browsers.
 * An idle page counts only when it is open (`isOpen`) and not promised to a caller already opening
 * in that lane: two callers in one tick must not both count on the same page.
 */
export function pickLane<P>(lanes: readonly LaneLoad<P>[], isOpen: (page: P) => boolean, prefer?: (page: P) => boolean): number {
  if (lanes.length === 0) throw new Error('pickLane needs at least one lane');
  const free = (lane: LaneLoad<P>, fits: (page: P) => boolean) =>
    (lane.live?.idle.filter((p) => isOpen(p) && fits(p)).length ?? 0) > lane.opening;
  const preferred = prefer ? lanes.findIndex((lane) => free(lane, prefer)) : -1;
  if (preferred !== -1) return preferred;
  const withIdle = lanes.findIndex((lane) => free(lane, () => true));
  if (withIdle !== -1) return withIdle;
  const load = (lane: LaneLoad<P>) => 2 * ((lane.live ? lane.live.leased + lane.live.idle.length : 0) + lane.opening) + (lane.live ? 0 : 1);
  let best = 0;
  for (let i = 1; i < lanes.length; i++) if (load(lanes[i]!) < load(lanes[best]!)) best = i;
  return best;
}
