import { describe, expect, it } from 'vitest';
import { InteractiveGate } from './interactive-gate.js';

const settle = () => new Promise((r) => setImmediate(r));

describe('InteractiveGate', () => {
  it('lets a bulk step through at once while no sync render runs', async () => {
    const gate = new InteractiveGate(1_000);
    expect(await gate.clear()).toBe(0);
  });

  it('holds a bulk step while sync renders run, and opens when the last one ends', async () => {
    const gate = new InteractiveGate(10_000);
    const endA = gate.enter();
    const endB = gate.enter();
    let through = false;
    const step = gate.clear().then(() => {
      through = true;
    });
    await settle();
    endA();
    endA(); // a second end of the same render counts once
    await settle();
    expect(through).toBe(false);
    expect(gate.runningInteractive).toBe(1);
    endB();
    await step;
    expect(through).toBe(true);
    expect(gate.runningInteractive).toBe(0);
  });

  it('waits maxWaitMs at most, so a stream of sync renders slows a run without stopping it', async () => {
    const gate = new InteractiveGate(30);
    gate.enter(); // never ends
    const waited = await gate.clear();
    expect(waited).toBeGreaterThanOrEqual(25);
    expect(waited).toBeLessThan(5_000);
  });

  it('opens at once when its signal aborts, and never waits with maxWaitMs 0', async () => {
    const gate = new InteractiveGate(10_000);
    gate.enter();
    const controller = new AbortController();
    const step = gate.clear(controller.signal);
    controller.abort();
    expect(await step).toBeLessThan(5_000);
    expect(await new InteractiveGate(0).clear()).toBe(0);
  });
});
