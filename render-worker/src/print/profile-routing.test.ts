import { colorProfileFlag, forbiddenColorProfileFlags } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { renderWorkerForbiddenFlags } from './profile-routing.js';
import { unheldSweepEveryMs } from './unheld-sweep.js';

const ECI = 'be2ab219-8fe4-4d85-91ba-65bdc9ddaf01';
const UNCOATED = 'e0c86a8a-050c-41f1-885a-0f74b9baac50';

describe("a render worker's forbidden flags", () => {
  it('are the flags of the profiles it does not hold, without affinity', async () => {
    const flags = await renderWorkerForbiddenFlags([ECI], null)();
    expect(flags).toEqual(forbiddenColorProfileFlags([ECI]));
    expect(flags).toContain(colorProfileFlag(UNCOATED));
    expect(flags).not.toContain(colorProfileFlag(ECI));
  });

  it("and affinity's flags of the moment beside them", async () => {
    let held = ['warm:A:1'];
    const forbidden = renderWorkerForbiddenFlags([ECI, UNCOATED], async () => held);
    expect(await forbidden()).toEqual([...forbiddenColorProfileFlags([ECI, UNCOATED]), 'warm:A:1']);
    held = [];
    expect(await forbidden()).toEqual(forbiddenColorProfileFlags([ECI, UNCOATED]));
  });
});

describe('the sweep of print jobs whose profile no live worker holds', () => {
  it('runs every tenth of the wait, no more often than the heartbeat, at least every 30 s', () => {
    expect(unheldSweepEveryMs(300_000, 2_000)).toBe(30_000);
    expect(unheldSweepEveryMs(60_000, 2_000)).toBe(6_000);
    expect(unheldSweepEveryMs(1_000, 2_000)).toBe(2_000);
    expect(unheldSweepEveryMs(3_600_000, 2_000)).toBe(30_000);
  });
});
