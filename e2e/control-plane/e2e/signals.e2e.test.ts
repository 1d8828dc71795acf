// One stop path for every signal: SIGTERM (what systemd, Docker and `kill` send) or SIGINT to the
// npm process, or to the farm launcher below it, drains the whole farm and exits, leaving no
// process (roles, Chromium, Postgres). Ctrl-C to the whole group: ctrl-c.e2e.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { alive, descendants, type NpmFarm, startNpmFarm, waitForDemo } from '../farm.js';

const cases: { name: string; signal: NodeJS.Signals; target: 'npm' | 'launcher' }[] = [
  { name: 'kill -TERM <npm pid>', signal: 'SIGTERM', target: 'npm' },
  { name: 'kill -INT <npm pid>', signal: 'SIGINT', target: 'npm' },
  { name: 'kill -TERM <launcher pid>', signal: 'SIGTERM', target: 'launcher' },
];

describe('every way of stopping a farm stops everything', () => {
  let farm: NpmFarm | undefined;
  afterEach(() => farm?.kill());

  it.each(cases)('$name stops the whole farm within 10 s, leaving no process', async ({ signal, target }) => {
    farm = await startNpmFarm({ env: { LOG_LEVEL: 'info' } });
    // An idle farm is what stops within 10 s: a demo import still running after the banner is
    // drained first (docs/operations.md, "Shutdown behaviour"), however long a loaded machine takes.
    await waitForDemo(farm);
    const npmPid = farm.npm.pid ?? 0;
    const before = descendants(npmPid);
    const postmaster = await farm.postmaster();
    // npm runs the launcher itself (`exec` in the script: no shell in between to orphan it).
    const launcher = [...before.entries()].find(([, args]) => args.includes('scripts/run.mjs farm'))?.[0];
    expect(launcher, [...before.values()].join('\n')).toBeDefined();
    expect(before.size).toBeGreaterThan(4);

    const signalledAt = Date.now();
    process.kill(target === 'npm' ? npmPid : (launcher ?? 0), signal);
    await farm.exited;
    const out = farm.output();
    let left = [...before.entries(), [postmaster, 'postmaster'] as const].filter(([pid]) => alive(pid));
    while (left.length > 0 && Date.now() - signalledAt < 10_000) {
      await new Promise((r) => setTimeout(r, 100));
      left = left.filter(([pid]) => alive(pid));
    }
    expect(left, out.slice(-3000)).toEqual([]);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(out).toContain('Pressroom stopped. Your API key');
    expect(out).not.toContain('missed its shutdown deadline');
    for (const role of ['control-plane', 'render-worker', 'media-worker'])
      expect(out.match(new RegExp(`"role":"${role}"[^\\n]*"msg":"shutting down"`, 'g')) ?? [], role).toHaveLength(1);
  });
});
