// docs/designs-as-code.md's example workflow (examples/designs-as-code/.github/workflows/designs.yml),
// its commands run as GitHub Actions would run them (bash -e, the job's and step's env, the
// `${{ vars.… }}`/`${{ secrets.… }}` values given), against a farm and in a Git repository with a
// remote: a pull request's job validates, diffs and renders previews of a changed and a new design
// (and only those); the merge's job pushes them (a new version, a new design) and commits the new
// id back; a second run of it changes nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fetchPolitely, type RunningFarm, startFarm, waitForDemo, waitForDesigns } from '../control-plane/farm.js';
import type { Json } from '../render-worker/tasks/testing/farm-processes.js';
import { buildCli, CLI, ROOT } from './cli-runner.js';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Job {
  if: string;
  steps: Step[];
}
const workflow = parse(readFileSync(join(ROOT, 'examples/designs-as-code/.github/workflows/designs.yml'), 'utf8')) as {
  env: Record<string, string>;
  jobs: Record<string, Job>;
};
const CLI_PACKAGE = JSON.parse(readFileSync(join(ROOT, 'cli/package.json'), 'utf8')).name as string;

describe('the designs-as-code workflow on a farm', () => {
  let farm: RunningFarm;
  let home: string;
  let repo: string;
  let bin: string;
  let values: Record<string, string>;
  let webinar: string;
  let sale: string;

  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: repo, encoding: 'utf8' });
  const api = async (path: string, init: RequestInit = {}): Promise<Json> =>
    (
      await fetchPolitely(`${farm.baseUrl}${path}`, { ...init, headers: { 'x-api-key': farm.apiKey, 'content-type': 'application/json' } })
    ).json();
  /** `${{ vars.X }}` and `${{ secrets.X }}` from `values`; anything else is an error of the workflow. */
  const expand = (env: Record<string, string> = {}) =>
    Object.fromEntries(
      Object.entries(env).map(([k, v]) => [
        k,
        v.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_m, name: string) => {
          if (!(name in values)) throw new Error(`the workflow uses \${{ ${name} }}, which the docs do not name`);
          return values[name] as string;
        }),
      ]),
    );

  /** Runs a job's `run` steps as Actions runs them; the CLI install step is the built CLI on PATH. */
  const runJob = (name: string): { step: string; status: number | null; output: string }[] => {
    const job = workflow.jobs[name] as Job;
    const results: { step: string; status: number | null; output: string }[] = [];
    for (const step of job.steps) {
      if (!step.run) continue;
      if (step.name === 'Install the CLI') {
        expect(step.run).toBe(`npm install --global ${CLI_PACKAGE}`);
        continue;
      }
      const { PRESSROOM_URL: _u, PRESSROOM_API_KEY: _k, ...inherited } = process.env;
      const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
        cwd: repo,
        env: {
          ...inherited,
          PATH: `${bin}:${process.env.PATH}`,
          XDG_CONFIG_HOME: join(home, 'config'),
          ...expand(workflow.env),
          ...expand(step.env),
        },
        encoding: 'utf8',
      });
      results.push({ step: step.name ?? step.run, status: result.status, output: `${result.stdout}${result.stderr}` });
      expect(result.status, `${step.name}: ${result.stdout}${result.stderr}`).toBe(0);
    }
    return results;
  };

  beforeAll(async () => {
    buildCli();
    farm = await startFarm();
    // The example designs are imported by a worker job after start, one by one.
    await waitForDemo(farm);
    webinar = (await waitForDesigns(farm, 'query=Webinar'))[0]?.id as string;
    sale = (await waitForDesigns(farm, 'query=Summer'))[0]?.id as string;
    const preview = (await api('/projects', { method: 'POST', body: JSON.stringify({ name: 'Previews' }) })) as { id: string };
    values = { 'vars.PRESSROOM_URL': farm.baseUrl, 'secrets.PRESSROOM_API_KEY': farm.apiKey, 'vars.PRESSROOM_PREVIEW_PROJECT': preview.id };

    home = mkdtempSync(join(tmpdir(), 'pressroom-designs-as-code-'));
    bin = join(home, 'bin');
    execFileSync('mkdir', ['-p', bin]);
    writeFileSync(join(bin, 'pressroom'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    chmodSync(join(bin, 'pressroom'), 0o755);
    // The team's repository: a bare origin and a clone, main holding the pulled designs.
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', join(home, 'origin.git')]);
    execFileSync('git', ['clone', '-q', join(home, 'origin.git'), join(home, 'repo')], { stdio: 'ignore' });
    repo = join(home, 'repo');
    const env = { ...process.env, PRESSROOM_URL: farm.baseUrl, PRESSROOM_API_KEY: farm.apiKey, XDG_CONFIG_HOME: join(home, 'config') };
    execFileSync(process.execPath, [CLI, 'designs', 'pull', webinar, sale, 'designs'], { cwd: repo, env, stdio: 'ignore' });
    git('checkout', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-qm', 'designs from the farm');
    git('push', '-q', '-u', 'origin', 'main');
  });

  afterAll(async () => {
    await farm?.interrupt();
    if (farm) rmSync(farm.dataDir, { recursive: true, force: true });
    if (home) rmSync(home, { recursive: true, force: true });
  });

  const manifest = () => JSON.parse(readFileSync(join(repo, 'designs/pressroom.json'), 'utf8')) as { designs: Record<string, string> };
  const stemOf = (id: string) => Object.entries(manifest().designs).find(([, d]) => d === id)?.[0] as string;

  it('a pull request: validates, diffs, and previews the changed and the new design only, leaving no scratch design', async () => {
    git('checkout', '-q', '-b', 'change');
    const file = join(repo, 'designs', `${stemOf(webinar)}.json`);
    const payload = JSON.parse(readFileSync(file, 'utf8'));
    payload.layers.find((l: { name: string }) => l.name === 'title').properties.default.payload = 'Changed in a pull request';
    writeFileSync(file, `${JSON.stringify(payload, null, 2)}\n`);
    writeFileSync(
      join(repo, 'designs', 'new-card.json'),
      `${JSON.stringify({ name: 'New card', type: 'static', formats: [{ name: 'square', width: 300, height: 300, background_color: '#123456' }], layers: [] }, null, 2)}\n`,
    );
    const designsBefore = ((await api('/designs')) as unknown[]).length;

    const steps = runJob('preview');
    expect(steps.find((s) => s.step === 'Show what changes')?.output).toContain('Changed in a pull request');
    const previews = readdirSync(join(repo, 'previews')).sort();
    expect(previews).toEqual([`${stemOf(webinar)}--landscape.jpeg`, `${stemOf(webinar)}--square.jpeg`, 'new-card--square.jpeg'].sort());
    expect(await sharp(join(repo, 'previews', 'new-card--square.jpeg')).metadata()).toMatchObject({
      format: 'jpeg',
      width: 300,
      height: 300,
    });
    expect(((await api('/designs')) as unknown[]).length).toBe(designsBefore);
    git('add', 'designs');
    git('commit', '-qm', 'a changed and a new design');
    rmSync(join(repo, 'previews'), { recursive: true });
  });

  it('the merge: a new version of the changed design, the new design created and its id committed back; again, nothing changes', async () => {
    git('checkout', '-q', 'main');
    git('merge', '-q', '--ff-only', 'change');
    git('push', '-q');
    const versionsOf = async (id: string) => ((await api(`/designs/${id}/versions`)) as unknown[]).length;
    const [webinarBefore, saleBefore] = [await versionsOf(webinar), await versionsOf(sale)];

    runJob('push');
    expect(await versionsOf(webinar)).toBe(webinarBefore + 1);
    expect(await versionsOf(sale)).toBe(saleBefore);
    const created = manifest().designs['new-card'];
    expect(created).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await api(`/designs/${created}`)) as { name: string }).name).toBe('New card');
    expect(execFileSync('git', ['log', '-1', '--format=%s', 'origin/main'], { cwd: repo, encoding: 'utf8' }).trim()).toBe(
      'designs: record the ids of new designs',
    );

    const head = git('rev-parse', 'HEAD');
    runJob('push');
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(await versionsOf(webinar)).toBe(webinarBefore + 1);
    expect(((await api('/designs?name=New%20card')) as unknown[]).length).toBe(1);
  });
});
