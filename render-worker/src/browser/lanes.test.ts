import { describe, expect, it } from 'vitest';
import { type LaneLoad, pickLane } from './lanes.js';

/** A pooled page as the picker sees it: a design it holds warm, and whether it is still open. */
interface Page {
  design: string;
  open: boolean;
}
const page = (design = 'any', open = true): Page => ({ design, open });
const isOpen = (p: Page) => p.open;
const live = (leased: number, idle: Page[] = [], opening = 0): LaneLoad<Page> => ({ live: { leased, idle }, opening });
const unlaunched = (opening = 0): LaneLoad<Page> => ({ live: null, opening });

describe('pickLane', () => {
  it('takes the lane holding an idle page the caller prefers, before one holding any idle page', () => {
    const lanes = [live(0, [page('other')]), live(0, [page('warm')])];
    expect(pickLane(lanes, isOpen, (p) => p.design === 'warm')).toBe(1);
    expect(pickLane(lanes, isOpen)).toBe(0);
  });

  it('takes a lane holding any idle page when none is preferred, before an emptier one', () => {
    expect(pickLane([live(0), live(1, [page()])], isOpen, (p) => p.design === 'warm')).toBe(1);
  });

  it('counts no closed idle page', () => {
    expect(pickLane([live(1, [page('warm', false)]), live(0, [page()])], isOpen, (p) => p.design === 'warm')).toBe(1);
  });

  it('counts no idle page promised to a caller already opening in that lane', () => {
    // Lane 0's one idle page is being taken: lane 1's is the free one.
    expect(pickLane([live(0, [page()], 1), live(0, [page()])], isOpen)).toBe(1);
    // A preferred page that is promised is not free either; the other lane's idle page is taken.
    expect(pickLane([live(0, [page('warm')], 1), live(0, [page()])], isOpen, (p) => p.design === 'warm')).toBe(1);
  });

  it('gives two callers in one tick one idle page each, one in each browser (89b7cec)', () => {
    const lanes = [live(0, [page()]), live(0, [page()])];
    const first = pickLane(lanes, isOpen);
    // The first caller counts as opening in its lane until its await ends.
    const next = lanes.map((lane, i) => (i === first ? { ...lane, opening: lane.opening + 1 } : lane));
    const second = pickLane(next, isOpen);
    expect(new Set([first, second])).toEqual(new Set([0, 1]));
  });

  it('without idle pages, takes the lane with the fewest pages, a launched browser before one to launch', () => {
    expect(pickLane([live(2), live(1)], isOpen)).toBe(1);
    expect(pickLane([unlaunched(), live(0)], isOpen)).toBe(1);
    expect(pickLane([live(1), unlaunched()], isOpen)).toBe(1);
    // Pages being opened count as pages: a launch under way is not picked twice.
    expect(pickLane([unlaunched(1), unlaunched()], isOpen)).toBe(1);
    // An idle page that is closed still counts toward its browser's pages.
    expect(pickLane([live(0, [page('x', false)]), live(0)], isOpen)).toBe(1);
  });

  it('spreads callers in one tick over the browsers as they launch', () => {
    let lanes = [unlaunched(), unlaunched(), unlaunched()];
    const picked: number[] = [];
    for (let i = 0; i < 6; i++) {
      const at = pickLane(lanes, isOpen);
      picked.push(at);
      lanes = lanes.map((lane, j) => (j === at ? { ...lane, opening: lane.opening + 1 } : lane));
    }
    expect(picked).toEqual([0, 1, 2, 0, 1, 2]);
  });

  it('keeps to the first of equals', () => {
    expect(pickLane([live(1), live(1)], isOpen)).toBe(0);
    expect(pickLane([live(0, [page()]), live(0, [page()])], isOpen)).toBe(0);
  });
});
