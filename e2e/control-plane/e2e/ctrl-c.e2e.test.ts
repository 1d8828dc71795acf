import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { outputOf } from '../../../scripts/entries.mjs';
import { freePort } from '../farm.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every process below `root` right now (pid → command), from one `ps` snapshot. */
function descendants(root: number): Map<number, string> {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] ?? '' }));
  const found = new Map<number, string>();
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const row of rows)
      if (row.ppid === parent && !found.has(row.pid)) {
        found.set(row.pid, row.args);
        queue.push(row.pid);
      }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('Ctrl-C on a real `npm start`', () => {
  let npm: ChildProcess | undefined;
  afterAll(() => {
    if (npm?.pid && npm.exitCode === null && alive(npm.pid)) process.kill(-npm.pid, 'SIGKILL');
  });

  it('drains: the sync render in flight answers 200, each process stops once, nothing is left running', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-ctrl-c-'));
    const port = await freePort();
    // `detached` makes npm the leader of a process group of its own, as a shell does for a job:
    // a terminal's Ctrl-C is SIGINT to that whole group.
    npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        EMBEDDED_PG_PORT: String(await freePort()),
        // debug: the control plane's "incoming request" lines tell the test when its renders are in.
        LOG_LEVEL: 'debug',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    npm.stdout?.on('data', (d) => {
      out += String(d);
    });
    npm.stderr?.on('data', (d) => {
      out += String(d);
    });
    const exited = new Promise<number | null>((resolve) => npm?.once('exit', (code) => resolve(code)));

    const deadline = Date.now() + 150_000;
    let banner: RegExpExecArray | null = null;
    while (!banner) {
      if (Date.now() > deadline || npm.exitCode !== null) throw new Error(`no banner:\n${out}`);
      await new Promise((r) => setTimeout(r, 250));
      banner = /API key:\s+(\S+)[\s\S]*?(http:\/\/localhost:\d+\/banner-builder\/[0-9a-f-]+\/generate)/.exec(out);
    }
    const [, apiKey, renderUrl] = banner;
    const before = descendants(npm.pid ?? 0);
    const postmaster = Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect([...before.values()].some((args) => args.includes(outputOf('render-worker')))).toBe(true);
    expect(alive(postmaster)).toBe(true);

    // Three sync renders; SIGINT goes out once the control plane has accepted all three, so each
    // is in flight at the server when the drain begins.
    const settled: boolean[] = [];
    const renders = [0, 1, 2].map((i) =>
      fetch(renderUrl ?? '', {
        method: 'POST',
        headers: { 'x-api-key': apiKey ?? '', 'content-type': 'application/json' },
        body: '{"elements":{}}',
      }).then(async (res) => {
        settled[i] = true;
        return { status: res.status, body: await res.text() };
      }),
    );
    const accepted = () => (out.match(/"url":"\/banner-builder\/[^"]+\/generate"[^\n]*"msg":"incoming request"/g) ?? []).length;
    while (accepted() < 3) await new Promise((r) => setTimeout(r, 5));
    process.kill(-(npm.pid ?? 0), 'SIGINT');
    const inFlightAtSignal = 3 - settled.filter(Boolean).length;

    const results = await Promise.all(renders);
    await exited;
    expect(inFlightAtSignal).toBeGreaterThan(0);
    for (const { status, body } of results) {
      expect(status, `${body}\n${out.slice(-6000)}`).toBe(200);
      expect((JSON.parse(body) as { file: { type: string } }).file.type).toBe('jpeg');
    }
    expect(out).toContain('Pressroom stopped. Your API key');
    expect(out).not.toContain('second signal');
    expect(out).not.toContain('forcing exit');
    // Each role heard exactly one stop.
    for (const role of ['control-plane', 'render-worker', 'media-worker'])
      expect(out.match(new RegExp(`"role":"${role}"[^\\n]*"msg":"shutting down"`, 'g')) ?? [], role).toHaveLength(1);
    // Processes reaped by their parents a moment after the farm exits (a loaded machine) get 10 s.
    let left = [...before.entries()].filter(([pid]) => alive(pid));
    for (let i = 0; i < 100 && left.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      left = left.filter(([pid]) => alive(pid));
    }
    expect(left, out.slice(-3000)).toEqual([]);
    expect(alive(postmaster)).toBe(false);
  });
});
